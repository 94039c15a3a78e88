import { afterAll, beforeAll, describe, it } from "vitest";
import { closeSharedTestDb, sharedTestDb } from "../../../tests/db/test-db.ts";
import {
  manageContractCases,
  withManageStack,
} from "../../../tests/contracts/manage-subscription-cases.ts";

// The contract on Node; tests/functions/manage-subscription-test.ts runs it on Deno.
describe("the manage-subscription contract on Node", () => {
  // The first PGlite pays for its start-up here, not in the first case's time limit.
  beforeAll(() => sharedTestDb(), 60_000);
  afterAll(() => closeSharedTestDb());
  // Each case makes several Stripe SDK calls over loopback HTTP, each step held on its
  // subscription and saved in PGlite (and re-read before its e-mail): seconds on a busy machine.
  for (const { name, run } of manageContractCases) {
    it(name, () => withManageStack(run), 20_000);
  }
});
