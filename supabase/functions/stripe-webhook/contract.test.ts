import { afterAll, beforeAll, describe, it } from "vitest";
import { closeSharedTestDb, sharedTestDb } from "../../../tests/db/test-db.ts";
import {
  webhookContractCases,
  withWebhookStack,
} from "../../../tests/contracts/stripe-webhook-cases.ts";

// The contract on Node; tests/functions/stripe-webhook-test.ts runs it on Deno.
describe("the stripe-webhook contract on Node", () => {
  // The database opens before the cases, so none of them waits for initdb.
  beforeAll(() => sharedTestDb(), 120_000);
  afterAll(() => closeSharedTestDb());
  // 20 s: the first delivery plans the webhook's statements on a fresh PGlite, which takes
  // seconds on a loaded machine; the later ones take well under one.
  for (const { name, run } of webhookContractCases) {
    it(name, () => withWebhookStack(run), 20_000);
  }
});
