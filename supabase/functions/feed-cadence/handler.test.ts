import { afterAll, beforeAll, describe, it } from "vitest";
import { closeSharedTestDb, sharedTestDb } from "../../../tests/db/test-db.ts";
import { feedTimeoutMs } from "../_shared/contract.ts";
import { contractCases } from "../../../tests/contracts/feed-cadence-cases.ts";
import { createNodeReader } from "./read-in-worker.ts";

// The contract on Node; tests/functions/feed-cadence-test.ts runs it on Deno.
describe("feed-cadence on Node", () => {
  // The server's pool, its threads at the normal priority as Deno's Web Workers are: at the
  // lowest, a reading waits behind every other busy process (the other Vitest worker, say) and
  // ten thousand episodes took 27 s on a loaded machine, past the look-up's 6 s deadline.
  // read-in-worker.test.ts checks that production's threads lower their priority.
  const read = createNodeReader("normal");
  // As the server does when it starts: the process's reading workers load before any look-up.
  beforeAll(async () => {
    await read(new Uint8Array(), { httpCharset: null, now: 0 }, feedTimeoutMs);
  }, feedTimeoutMs);
  // The database opens before the cases, so none of them waits for initdb.
  beforeAll(() => sharedTestDb(), 120_000);
  afterAll(() => closeSharedTestDb());

  // A case may take what the browser gives a look-up (the 10,000 episodes take 5 to 6 s on a
  // loaded machine).
  for (const { name, run } of contractCases(read)) it(name, run, feedTimeoutMs);
});
