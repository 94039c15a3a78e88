import { afterAll, beforeAll, describe, it } from "vitest";
import { closeSharedTestDb, sharedTestDb } from "../../../../tests/db/test-db.ts";
import { feedTimeoutMs } from "../../_shared/contract.ts";
import { checkCases } from "../../../../tests/contracts/feed-check-cases.ts";
import { createNodePool } from "../read-in-worker.ts";

// The check-up's contract on Node; tests/functions/feed-check-test.ts runs it on Deno.
describe("feed-cadence check-up on Node", () => {
  // Normal priority, as in handler.test.ts: at the lowest, a loaded test machine starves it.
  const pool = createNodePool("normal");
  beforeAll(async () => {
    await pool.read(new Uint8Array(), { httpCharset: null, now: 0 }, feedTimeoutMs);
  }, feedTimeoutMs);
  beforeAll(() => sharedTestDb(), 120_000);
  afterAll(() => closeSharedTestDb());

  for (const { name, run } of checkCases(pool.read, pool.check)) it(name, run, feedTimeoutMs);
});
