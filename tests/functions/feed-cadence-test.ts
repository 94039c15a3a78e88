import { closeSharedTestDb, sharedTestDb } from "../db/test-db.ts";
import { contractCases } from "../contracts/feed-cadence-cases.ts";
import { createDefaultReader } from "../../supabase/functions/feed-cadence/read-in-worker.ts";

// The same handler as on Supabase, on real Deno, against the local fixture host; Vitest runs
// the same cases on Node (feed-cadence/handler.test.ts).

// As the function does when its isolate starts: the reading workers load before any look-up
// (starting a Web Worker holds Deno's main thread for a moment).
const read = createDefaultReader();
await read(new Uint8Array(), { httpCharset: null, now: 0 }, 30_000);

// The database (PGlite, in memory) opens once, before the cases, and closes after them.
await sharedTestDb();
for (const { name, run } of contractCases(read)) Deno.test(name, run);
Deno.test("(closes the test database)", () => closeSharedTestDb());
