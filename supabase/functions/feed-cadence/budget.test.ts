import { describe, expect, it } from "vitest";
import { feedTimeoutMs } from "../_shared/contract.ts";
import {
  BODY_READ_TIMEOUT_MS,
  CLIENT_MARGIN_MS,
  CONNECT_TIMEOUT_MS,
  FETCH_DEADLINE_MS,
  MAX_FEED_BYTES,
} from "./budget.ts";

describe("feed-cadence time budget", () => {
  it("answers before the browser gives up, with room for the network", () => {
    expect(BODY_READ_TIMEOUT_MS + FETCH_DEADLINE_MS + CLIENT_MARGIN_MS).toBeLessThanOrEqual(
      feedTimeoutMs,
    );
    expect(CLIENT_MARGIN_MS).toBeGreaterThanOrEqual(2_000);
  });

  it("keeps a few seconds in total, the connection inside it", () => {
    expect(FETCH_DEADLINE_MS).toBeLessThanOrEqual(8_000);
    expect(CONNECT_TIMEOUT_MS).toBeLessThan(FETCH_DEADLINE_MS);
  });

  it("reads at most 5 MB", () => {
    expect(MAX_FEED_BYTES).toBe(5 * 1024 * 1024);
  });
});
