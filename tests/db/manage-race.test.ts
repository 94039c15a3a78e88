import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresDb, type PostgresDb } from "../../supabase/functions/_shared/db.ts";
import type { Billing } from "../../supabase/functions/manage-subscription/billing.ts";
import { createManageHandler } from "../../supabase/functions/manage-subscription/handler.ts";
import { createRequestStore } from "../../supabase/functions/manage-subscription/store.ts";
import { createStripeBilling } from "../../supabase/functions/manage-subscription/stripe.ts";
import { startFakeStripe, type FakeStripe } from "../fakes/fake-stripe.ts";
import { memoryMailer } from "../fakes/manage-doubles.ts";
import { freshDatabase } from "./postgres-under-test.ts";

// Cancel, cancel and "Keep my subscription" at once on one subscription, on a real PostgreSQL
// server (its connections run statements side by side, which PGlite never does) and the real
// Stripe SDK against the fake Stripe: whatever order they land in, the customer's newest word
// (the last e-mail, or the keep's answer if it came later) agrees with what Stripe holds.
// In half the trials the keep lands exactly where it once did harm: after a cancellation has
// read the subscription as already ending and before it has saved what it did.

const SITE = "https://castloop.test";
const TRIALS = 12;

let db: PostgresDb;
let fake: FakeStripe;
beforeAll(async () => {
  db = createPostgresDb(await freshDatabase(), { max: 6 });
  fake = await startFakeStripe();
}, 60_000);
afterAll(async () => {
  await fake?.close();
  await db?.close();
});

function stack() {
  const mailer = memoryMailer();
  const pending: Promise<unknown>[] = [];
  const stripe = createStripeBilling({
    secretKey: "sk_test_fake_race",
    apiBase: new URL(fake.url),
    planNames: new Map([["price_test_pro_fake", "Pro"]]),
    timeoutMs: 5_000,
  });
  // Run once, right after the next look-up of subscriptions returns, before its caller goes on.
  let afterRead: (() => Promise<void>) | undefined;
  const billing: Billing = {
    ...stripe,
    async findSubscriptions(email) {
      const found = await stripe.findSubscriptions(email);
      const hook = afterRead;
      afterRead = undefined;
      await hook?.();
      return found;
    },
  };
  const handler = createManageHandler({
    billing,
    mailer,
    store: createRequestStore(db),
    linkSecret: "a-test-secret-that-is-long-enough-for-hmac",
    siteUrl: SITE,
    allowedOrigins: [SITE],
    email: { brand: "Castloop", siteUrl: SITE, supportEmail: "support@castloop.test" },
    log: () => {},
    floorMs: 0,
    waitUntil: (work) => pending.push(work),
  });
  const post = (body: unknown) =>
    handler(
      new Request(`${SITE}/functions/v1/manage-subscription`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: SITE },
        body: JSON.stringify(body),
      }),
    );
  const settle = async () => {
    while (pending.length > 0) await pending.shift();
  };
  return {
    mailer,
    post,
    settle,
    afterNextRead(hook: () => Promise<void>) {
      afterRead = hook;
    },
  };
}

describe("a keep racing two new cancellations of one subscription", () => {
  it(`leaves the customer's newest word agreeing with Stripe in ${TRIALS} of ${TRIALS} trials`, async () => {
    const disagreements: string[] = [];
    for (let trial = 0; trial < TRIALS; trial += 1) {
      const { mailer, post, settle, afterNextRead } = stack();
      const email = `race${trial}@example.com`;
      const mine = fake.seedSubscription({ email });
      await post({ action: "cancel", email });
      await settle();
      const link = /\/cancel\/keep\?token=(\S+)/.exec(mailer.sent.at(-1)?.text ?? "")?.[1];
      expect(link, "the first cancellation's e-mail holds the undo link").toBeDefined();

      // The customer's words, in the order they reached them.
      const words: ("canceled" | "kept")[] = [];
      const send = mailer.send.bind(mailer);
      mailer.send = async (message) => {
        const sent = await send(message);
        if (message.kind === "cancellation") words.push("canceled");
        return sent;
      };
      const keep = () =>
        post({ action: "keep", token: decodeURIComponent(link!) }).then((answer) => {
          if (answer.status === 200) words.push("kept");
        });
      if (trial % 2 === 0) {
        // The keep lands between a cancellation's read and the rest of its work.
        let kept: Promise<void> = Promise.resolve();
        afterNextRead(async () => {
          kept = keep();
          await kept;
        });
        await Promise.all([post({ action: "cancel", email }), post({ action: "cancel", email })]);
        await kept;
      } else {
        // Stripe answers a little slowly, so the three overlap in their reads and writes.
        fake.delayNext(15, 12);
        await Promise.all([
          post({ action: "cancel", email }),
          post({ action: "cancel", email }),
          keep(),
        ]);
      }
      await settle();
      const renews = fake.subscriptions.get(mine.id)?.cancel_at_period_end === false;
      const newest = words.at(-1) ?? "canceled";
      if ((newest === "kept") !== renews) {
        disagreements.push(
          `trial ${trial}: told ${words.join(" then ")}, Stripe renews: ${renews}`,
        );
      }
    }
    expect(disagreements).toEqual([]);
    // Twelve trials, each a dozen Stripe calls over HTTP and a real server's round trips.
  }, 120_000);
});
