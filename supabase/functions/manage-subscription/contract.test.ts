import { describe, it } from "vitest";
import {
  manageContractCases,
  withManageStack,
} from "../../../tests/contracts/manage-subscription-cases.ts";

// The contract on Node; supabase/functions/tests/manage-subscription-test.ts runs it on Deno.
describe("the manage-subscription contract on Node", () => {
  for (const { name, run } of manageContractCases) {
    it(name, () => withManageStack(run));
  }
});
