import assert from "node:assert/strict";
import { startFakeStripe, type FakeStripe } from "../fakes/fake-stripe.ts";
import { clearManageState } from "../db/manage-store.ts";
import { sharedTestDb } from "../db/test-db.ts";
import { memoryMailer, type MemoryMailer } from "../fakes/manage-doubles.ts";
import type { FunctionHandler } from "../../supabase/functions/_shared/serve.ts";
import {
  CANCEL_ANSWER,
  createManageHandler,
  KEEP_ANSWER,
  MESSAGES,
} from "../../supabase/functions/manage-subscription/handler.ts";
import { createRequestStore } from "../../supabase/functions/manage-subscription/store.ts";
import { createStripeBilling } from "../../supabase/functions/manage-subscription/stripe.ts";

// The manage-subscription function's contract, run by Vitest on Node
// (manage-subscription/contract.test.ts) and by Deno (tests/functions/manage-subscription-test.ts):
// the same handler and Stripe SDK against the same fake Stripe.

export const SITE = "https://castloop.test";
const ENDPOINT = `${SITE}/functions/v1/manage-subscription`;

export type ManageStack = {
  fake: FakeStripe;
  mailer: MemoryMailer;
  handler: FunctionHandler;
  /** Posts JSON and waits for the work the answer left running. */
  post(body: unknown): Promise<Response>;
  /** Posts a plain form (fields, or the urlencoded text itself) and waits likewise. */
  postForm(fields: Record<string, string> | string): Promise<Response>;
};

/** The undo link's token in the latest e-mail that holds one. */
function keepToken(mailer: MemoryMailer): string | null {
  const texts = mailer.sent.map((m) => m.text).reverse();
  const link = texts
    .map((text) => /https:\/\/castloop\.test\/cancel\/keep\?token=\S+/.exec(text)?.[0])
    .find((found) => found !== undefined);
  return link === undefined ? null : new URL(link).searchParams.get("token");
}

/** The token with one character of its signature changed (never one that decodes alike). */
function tampered(token: string): string {
  const at = token.length - 10;
  return `${token.slice(0, at)}${token[at] === "A" ? "B" : "A"}${token.slice(at + 1)}`;
}

export async function withManageStack(run: (stack: ManageStack) => Promise<void>): Promise<void> {
  const fake = await startFakeStripe();
  // The real request store, on the test database both runtimes open (PGlite).
  const db = await sharedTestDb();
  await clearManageState(db);
  try {
    const mailer = memoryMailer();
    const pending: Promise<unknown>[] = [];
    const handler = createManageHandler({
      billing: createStripeBilling({
        secretKey: "sk_test_fake_contract",
        apiBase: new URL(fake.url),
        planNames: new Map([["price_test_pro_fake", "Pro"]]),
        timeoutMs: 3_000,
      }),
      mailer,
      store: createRequestStore(db),
      linkSecret: "contract-secret-long-enough-for-an-hmac-key",
      siteUrl: SITE,
      allowedOrigins: [SITE],
      email: { brand: "Castloop", siteUrl: SITE, supportEmail: "support@castloop.test" },
      log: () => {},
      floorMs: 0,
      waitUntil: (work) => pending.push(work),
    });
    const send = async (type: string, body: string) => {
      const response = await handler(
        new Request(ENDPOINT, {
          method: "POST",
          headers: { "content-type": type, origin: SITE },
          body,
        }),
      );
      while (pending.length > 0) await pending.shift();
      return response;
    };
    const post = (body: unknown) => send("application/json", JSON.stringify(body));
    const postForm = (fields: Record<string, string> | string) =>
      send("application/x-www-form-urlencoded", new URLSearchParams(fields).toString());
    await run({ fake, mailer, handler, post, postForm });
  } finally {
    await fake.close();
  }
}

export const manageContractCases: { name: string; run: (stack: ManageStack) => Promise<void> }[] = [
  {
    name: "cancels the matching subscription only, e-mails it, and answers an unknown address alike",
    async run({ fake, mailer, post }) {
      const mine = fake.seedSubscription({ email: "ada@example.com" });
      const theirs = fake.seedSubscription({ email: "grace@example.com" });
      const known = await post({ action: "cancel", email: "ada@example.com" });
      const unknown = await post({ action: "cancel", email: "nobody@example.com" });
      assert.equal(known.status, 200);
      assert.equal(unknown.status, 200);
      const knownBody = await known.json();
      assert.deepEqual(knownBody, { status: "received", message: CANCEL_ANSWER });
      assert.deepEqual(await unknown.json(), knownBody);
      assert.equal(fake.subscriptions.get(mine.id)?.cancel_at_period_end, true);
      assert.equal(fake.subscriptions.get(theirs.id)?.cancel_at_period_end, false);
      assert.deepEqual(
        fake.requests.filter((r) => r.method === "POST").map((r) => r.path),
        [`/v1/subscriptions/${mine.id}`],
      );
      // The unknown address gets only the receipt that nothing matched it (unmatched.ts).
      assert.deepEqual(
        mailer.sent.map((m) => [m.kind, m.to]),
        [
          ["cancellation", "ada@example.com"],
          ["cancellation_unmatched", "nobody@example.com"],
        ],
      );
    },
  },
  {
    name: "undoes the cancellation with the link from the e-mail, twice alike",
    async run({ fake, mailer, post }) {
      const mine = fake.seedSubscription({ email: "ada@example.com" });
      await post({ action: "cancel", email: "ada@example.com" });
      const token = keepToken(mailer);
      assert.ok(token, "the e-mail holds the undo link");
      for (let use = 0; use < 2; use += 1) {
        const kept = await post({ action: "keep", token });
        assert.equal(kept.status, 200);
        assert.deepEqual(await kept.json(), { status: "kept", message: KEEP_ANSWER });
      }
      assert.equal(fake.subscriptions.get(mine.id)?.cancel_at_period_end, false);
      const forged = await post({ action: "keep", token: tampered(token) });
      assert.equal(forged.status, 400);
      assert.equal((await forged.json()).code, "invalid_link");
    },
  },
  {
    name: "refuses an undo link once the subscription is canceled again, and takes the new one",
    async run({ fake, mailer, post }) {
      const mine = fake.seedSubscription({ email: "ada@example.com" });
      await post({ action: "cancel", email: "ada@example.com" });
      const first = keepToken(mailer);
      assert.equal((await post({ action: "keep", token: first })).status, 200);
      await post({ action: "cancel", email: "ada@example.com" });
      const second = keepToken(mailer);
      assert.ok(first && second && first !== second, "each cancellation sends a link of its own");
      assert.equal(fake.subscriptions.get(mine.id)?.cancel_at_period_end, true);

      const stale = await post({ action: "keep", token: first });
      assert.equal(stale.status, 410);
      assert.deepEqual(await stale.json(), {
        code: "link_superseded",
        error: MESSAGES.link_superseded,
      });
      assert.equal(fake.subscriptions.get(mine.id)?.cancel_at_period_end, true);
      assert.equal((await post({ action: "keep", token: second })).status, 200);
      assert.equal(fake.subscriptions.get(mine.id)?.cancel_at_period_end, false);
    },
  },
  {
    name: "ends and refunds a subscription once when two withdrawals of it arrive together",
    async run({ fake, mailer, post }) {
      const mine = fake.seedSubscription({ email: "ada@example.com", startedDaysAgo: 3 });
      const statement = { action: "withdraw", name: "Ada", email: "ada@example.com" };
      const answers = await Promise.all([
        post({ ...statement, confirmTo: "Ada@Example.com" }),
        post({ ...statement, confirmTo: "ada+receipts@example.com" }),
      ]);
      assert.deepEqual(
        answers.map((a) => a.status),
        [200, 200],
      );
      const writes = fake.requests.filter((r) => r.method !== "GET");
      assert.deepEqual(
        writes.map((r) => [r.method, r.path, r.idempotencyKey]),
        [
          ["DELETE", `/v1/subscriptions/${mine.id}`, `withdraw/${mine.id}/cancel`],
          [
            "POST",
            "/v1/refunds",
            `withdraw/${[...fake.invoices.values()][0]?.payment_intent}/refund`,
          ],
        ],
      );
      assert.equal(fake.refunds.size, 1);
      assert.deepEqual(mailer.sent.map((m) => m.kind).sort(), [
        "withdrawal_outcome",
        "withdrawal_receipt",
        "withdrawal_receipt",
      ]);
    },
  },
  {
    name: "refuses a prototype key as the action, as JSON and as a form",
    async run({ fake, post, postForm }) {
      for (const action of ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf"]) {
        const json = await post({ action, email: "ada@example.com" });
        assert.equal(json.status, 400, action);
        assert.equal((await json.json()).code, "invalid_action", action);
        const form = await postForm({ action, email: "ada@example.com" });
        assert.equal(form.status, 303, action);
        assert.equal(form.headers.get("location"), `${SITE}/cancel#error-invalid_body`, action);
      }
      // A field named after a prototype key is one more field, never the prototype.
      for (const name of ["__proto__", "constructor"]) {
        const field = await postForm(`action=cancel&email=a%40example.com&${name}=x`);
        assert.equal(field.headers.get("location"), `${SITE}/cancel#error-invalid_body`, name);
        const json = await post(
          JSON.parse(`{"action":"cancel","email":"a@example.com","${name}":{}}`),
        );
        assert.equal((await json.json()).code, "unknown_field", name);
      }
      assert.equal(fake.requests.length, 0);
    },
  },
  {
    name: "ends a first subscription withdrawn from within 14 days and refunds its payment in full",
    async run({ fake, mailer, post }) {
      const mine = fake.seedSubscription({
        email: "ada@example.com",
        startedDaysAgo: 5,
        periodDaysLeft: 25,
      });
      const answer = await post({
        action: "withdraw",
        name: "Ada",
        email: "ada@example.com",
        confirmTo: "ada+withdraw@example.com",
      });
      assert.equal(answer.status, 200);
      assert.equal(fake.subscriptions.get(mine.id)?.status, "canceled");
      const [refund] = fake.refunds.values();
      // The address's first subscription: the guarantee's whole 14,900 cents, more than the
      // 25/30 of it that the pro-rata rule would return after 5 of 30 days.
      assert.equal(refund?.amount, 14_900);
      assert.deepEqual(
        mailer.sent.map((m) => [m.kind, m.to]),
        [
          ["withdrawal_receipt", "ada+withdraw@example.com"],
          ["withdrawal_outcome", "ada@example.com"],
        ],
      );
    },
  },
  {
    name: "treats a withdrawal after 14 days as a cancellation at period end",
    async run({ fake, mailer, post }) {
      const mine = fake.seedSubscription({ email: "ada@example.com", startedDaysAgo: 20 });
      await post({
        action: "withdraw",
        name: "Ada",
        email: "ada@example.com",
        confirmTo: "ada@example.com",
      });
      assert.equal(fake.subscriptions.get(mine.id)?.status, "active");
      assert.equal(fake.subscriptions.get(mine.id)?.cancel_at_period_end, true);
      assert.equal(fake.refunds.size, 0);
      assert.match(
        mailer.sent[1]?.text ?? "",
        /The withdrawal period for .+ ended at the end of \d{1,2} \w+ \d{4} \(.+, 12:00:00 UTC\)/,
      );
      assert.match(mailer.sent[1]?.text ?? "", /treated your statement as a cancellation/);
    },
  },
  {
    name: "refuses bad input with a clear code and calls nobody",
    async run({ fake, post }) {
      for (const [body, code] of [
        [{ action: "cancel", email: "not-an-address" }, "invalid_email"],
        [{ action: "cancel", email: "a@example.com", extra: 1 }, "unknown_field"],
        [
          { action: "withdraw", name: "A\nB", email: "a@example.com", confirmTo: "a@example.com" },
          "invalid_name",
        ],
        [{ action: "keep", token: "v1.sub_x.1.forged" }, "invalid_token"],
        [
          {
            action: "withdraw",
            name: "Card declined: update it at https://pay.example",
            email: "a@example.com",
            confirmTo: "b@example.org",
          },
          "name_has_address",
        ],
        [
          {
            action: "withdraw",
            name: "Ada pay-now.example",
            email: "a@example.com",
            confirmTo: "b@example.org",
          },
          "name_has_address",
        ],
      ] as const) {
        const response = await post(body);
        assert.equal(response.status, 400);
        assert.equal((await response.json()).code, code);
      }
      assert.equal(fake.requests.length, 0);
    },
  },
  {
    name: "writes cancel_at_period_end even on a subscription already set to end",
    async run({ fake, post }) {
      const mine = fake.seedSubscription({ email: "ada@example.com" });
      fake.subscriptions.get(mine.id)!.cancel_at_period_end = true;
      await post({ action: "cancel", email: "ada@example.com" });
      assert.deepEqual(
        fake.requests.filter((r) => r.method === "POST").map((r) => [r.path, r.params]),
        [[`/v1/subscriptions/${mine.id}`, { cancel_at_period_end: "true" }]],
      );
    },
  },
  {
    name: "refuses an undo link written another way than the one we sent",
    async run({ fake, mailer, post }) {
      fake.seedSubscription({ email: "ada@example.com" });
      await post({ action: "cancel", email: "ada@example.com" });
      const token = keepToken(mailer);
      assert.ok(token, "the e-mail holds the undo link");
      const parts = token.split(".");
      parts[3] = `0${parts[3]}`;
      const respelt = await post({ action: "keep", token: parts.join(".") });
      assert.equal(respelt.status, 400);
      assert.equal((await respelt.json()).code, "invalid_link");
    },
  },
  {
    name: "waits a day on a withdrawal confirmed to another mailbox, and tells only the owner how to stop it",
    async run({ fake, mailer, post }) {
      const mine = fake.seedSubscription({ email: "ada@example.com", startedDaysAgo: 3 });
      const answer = await post({
        action: "withdraw",
        name: "Mallory",
        email: "ada@example.com",
        confirmTo: "mallory@example.org",
      });
      assert.equal(answer.status, 200);
      assert.equal(fake.subscriptions.get(mine.id)?.status, "active");
      assert.equal(fake.refunds.size, 0);
      assert.deepEqual(
        mailer.sent.map((m) => [m.kind, m.to]),
        [
          ["withdrawal_receipt", "mallory@example.org"],
          ["withdrawal_pending", "ada@example.com"],
        ],
      );
      // The stranger's receipt names neither the owner's address nor holds the stop link.
      assert.doesNotMatch(mailer.sent[0]?.text ?? "", /ada@example\.com|cancel\/keep/);
      assert.match(mailer.sent[1]?.text ?? "", /This wasn't me: keep my subscription/);
    },
  },
];
