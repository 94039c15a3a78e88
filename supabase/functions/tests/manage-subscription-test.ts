import {
  manageContractCases,
  withManageStack,
} from "../../../tests/contracts/manage-subscription-cases.ts";

// The same handler as on Supabase, with the stripe SDK on real Deno, against the local fake
// Stripe API; manage-subscription/contract.test.ts runs the same cases on Node.
for (const { name, run } of manageContractCases) {
  Deno.test(name, () => withManageStack(run));
}
