import { afterAll, beforeAll, describe, it } from "vitest";
import { closeSharedTestDb, sharedTestDb } from "../../../tests/db/test-db.ts";
import { feedTimeoutMs } from "../../../app/plans/feed-cadence.ts";
import { contractCases } from "./contract-cases.ts";
import { createDefaultReader } from "./read-in-worker.ts";

// The contract on Node; supabase/functions/tests/feed-cadence-test.ts runs it on Deno.
describe("feed-cadence on Node", () => {
  // As the server does when it starts: the process's reading workers load before any look-up.
  beforeAll(async () => {
    await createDefaultReader()(new Uint8Array(), { httpCharset: null, now: 0 }, feedTimeoutMs);
  }, feedTimeoutMs);
  // The database opens before the cases, so none of them waits for initdb.
  beforeAll(() => sharedTestDb(), 120_000);
  afterAll(() => closeSharedTestDb());

  for (const { name, run } of contractCases) it(name, run);
});
