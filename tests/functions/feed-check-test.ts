import { closeSharedTestDb, sharedTestDb } from "../db/test-db.ts";
import { createDefaultPool } from "../../supabase/functions/feed-cadence/read-in-worker.ts";
import { checkCases } from "../contracts/feed-check-cases.ts";

// The check-up's contract on real Deno, in Web Workers; Vitest runs the same cases on Node
// (feed-cadence/checkup/handler-check.test.ts).
const pool = createDefaultPool();
await pool.read(new Uint8Array(), { httpCharset: null, now: 0 }, 30_000);

await sharedTestDb();
for (const { name, run } of checkCases(pool.read, pool.check)) Deno.test(name, run);
Deno.test("(closes the test database)", () => closeSharedTestDb());
