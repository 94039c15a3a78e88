import { closeSharedTestDb } from "../db/test-db.ts";
import { webhookContractCases, withWebhookStack } from "../contracts/stripe-webhook-cases.ts";

// The same handler as on Supabase, with the stripe SDK's Web Crypto signature check on real
// Deno, against the fake Stripe and Resend APIs; stripe-webhook/contract.test.ts runs it on Node.
for (const { name, run } of webhookContractCases) Deno.test(name, () => withWebhookStack(run));
Deno.test("(closes the test database)", () => closeSharedTestDb());
