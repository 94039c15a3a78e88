import { closeSharedTestDb, sharedTestDb } from "../db/test-db.ts";
import { manageContractCases, withManageStack } from "../contracts/manage-subscription-cases.ts";

// The same handler as on Supabase, with the stripe SDK on real Deno, against the local fake
// Stripe API and the real request store on PGlite; manage-subscription/contract.test.ts runs
// the same cases on Node.

// The database (PGlite, in memory) opens once, before the cases, and closes after them.
await sharedTestDb();
for (const { name, run } of manageContractCases) {
  Deno.test(name, () => withManageStack(run));
}
Deno.test("(closes the test database)", () => closeSharedTestDb());
