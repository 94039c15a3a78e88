import { beforeAll, describe, it } from "vitest";
import { feedTimeoutMs } from "../_shared/contract.ts";
import { contractCases } from "../tests/contract-cases.ts";
import { createDefaultReader } from "./read-in-worker.ts";

// The contract on Node; supabase/functions/tests/feed-cadence-test.ts runs it on Deno.
describe("feed-cadence on Node", () => {
  // As the server does when it starts: the process's reading workers load before any look-up.
  beforeAll(async () => {
    await createDefaultReader()(new Uint8Array(), { httpCharset: null, now: 0 }, feedTimeoutMs);
  }, feedTimeoutMs);

  for (const { name, run } of contractCases) it(name, run);
});
