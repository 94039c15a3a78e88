import assert from "node:assert/strict";
import Stripe from "stripe";
import { clearFunctionState, sharedTestDb } from "../db/test-db.ts";
import { startFakeResend, type FakeResend } from "../fakes/fake-resend.ts";
import { startFakeStripe, type FakeStripe, type FakeSubscription } from "../fakes/fake-stripe.ts";
import { consentTexts } from "../../supabase/functions/_shared/checkout-consent.ts";
import {
  changePlanPath,
  END_OLDER_BUTTON_LABEL,
  expressStart,
  SITE_PATHS,
  SUBSCRIBER_ACCESS,
} from "../../supabase/functions/_shared/contract.ts";
import { linkSecretOf } from "../../supabase/functions/_shared/link-secret.ts";
import { verifyPlanLink } from "../../supabase/functions/_shared/plan-link.ts";
import { DatabaseUnavailableError, type Db } from "../../supabase/functions/_shared/db.ts";
import type { FunctionHandler } from "../../supabase/functions/_shared/serve.ts";
import { MAX_WEBHOOK_BYTES } from "../../supabase/functions/stripe-webhook/handler.ts";
import { createStripeWebhookFromEnv } from "../../supabase/functions/stripe-webhook/from-env.ts";

// The stripe-webhook function's contract, run by Vitest on Node (stripe-webhook/contract.test.ts)
// and by Deno (tests/functions/stripe-webhook-test.ts): events signed with the SDK's
// own test header, delivered to the handler built from the environment, against the fake
// Stripe API, the fake Resend API and a real (PGlite) database.

export const SITE = "https://castloop.test";
const ENDPOINT = `${SITE}/functions/v1/stripe-webhook`;
const SECRET = "whsec_contract_secret_for_tests_only";
const SUPPORT = "support@castloop.test";
const STRIPE_KEY = "sk_test_fake_webhook_contract";
const PRO_PRICE = "price_test_pro_fake";
const EXPERT_PRICE = "price_test_expert_fake";
const cryptoProvider = Stripe.createSubtleCryptoProvider();

export type WebhookStack = {
  stripe: FakeStripe;
  resend: FakeResend;
  db: Db;
  /** Signs (unless told otherwise) and posts an event, then waits for the work it left. */
  deliver(event: unknown, options?: DeliverOptions): Promise<Response>;
  /** The handler over another database (one that fails, say), with these settings changed. */
  handlerWith(db: Db, changed?: Record<string, string>): FunctionHandler;
  count(table: string): Promise<number>;
  confirmations(): Promise<{ to_address: string; text_body: string; html_body: string }[]>;
};

type DeliverOptions = {
  secret?: string;
  /** Seconds since the epoch written into the signature (default: now). */
  timestamp?: number;
  /** The Stripe-Signature header as is; null leaves it out. */
  signature?: string | null;
  /** The body as is, instead of the event's JSON. */
  raw?: string;
  handler?: FunctionHandler;
  /** The Content-Type header (default JSON); null leaves it out. */
  contentType?: string | null;
};

let serial = 0;
const unique = (prefix: string) => `${prefix}_test${Date.now().toString(36)}${(serial += 1)}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

export function checkoutEvent(
  subscription: FakeSubscription,
  email: string,
  options: { created?: number; price?: number } = {},
) {
  const texts = consentTexts(options.price ?? 149, SITE);
  return {
    id: unique("evt"),
    object: "event",
    type: "checkout.session.completed",
    created: options.created ?? nowSeconds(),
    data: {
      object: {
        id: unique("cs"),
        object: "checkout.session",
        mode: "subscription",
        subscription: subscription.id,
        customer: subscription.customer,
        customer_details: { email, address: { country: "DE" } },
        amount_total: (options.price ?? 149) * 100,
        currency: "usd",
        consent: { terms_of_service: "accepted" },
        custom_text: {
          submit: { message: texts.submit },
          terms_of_service_acceptance: { message: texts.termsAcceptance },
        },
        custom_fields: [
          {
            key: expressStart.key,
            label: { type: "custom", custom: expressStart.label },
            type: "dropdown",
            dropdown: { value: expressStart.option.value, options: [{ ...expressStart.option }] },
            optional: false,
          },
        ],
      },
    },
  };
}

export function subscriptionEvent(
  type: string,
  subscription: FakeSubscription,
  created = nowSeconds(),
) {
  return {
    id: unique("evt"),
    object: "event",
    type,
    created,
    data: { object: structuredClone(subscription) },
  };
}

export async function withWebhookStack(run: (stack: WebhookStack) => Promise<void>): Promise<void> {
  const stripe = await startFakeStripe();
  const resend = await startFakeResend();
  const db = await sharedTestDb();
  await clearFunctionState(db);
  const pending: Promise<unknown>[] = [];
  const env = {
    SITE_URL: SITE,
    STRIPE_WEBHOOK_SECRET: SECRET,
    STRIPE_SECRET_KEY: STRIPE_KEY,
    STRIPE_API_BASE: stripe.url,
    STRIPE_PRICE_PRO: PRO_PRICE,
    STRIPE_PRICE_EXPERT: EXPERT_PRICE,
    VITE_SUPPORT_EMAIL: SUPPORT,
    RESEND_API_KEY: "re_test_webhook_contract",
    RESEND_API_BASE: resend.url,
    EMAIL_FROM: "Castloop <billing@castloop.test>",
  };
  const handlerWith = (database: Db, changed: Record<string, string> = {}) =>
    createStripeWebhookFromEnv(
      { ...env, ...changed },
      {
        db: database,
        log: () => {},
        waitUntil: (work) => pending.push(work),
        stripeTimeoutMs: 3_000,
      },
    );
  const handler = handlerWith(db);
  const deliver = async (event: unknown, options: DeliverOptions = {}) => {
    const payload = options.raw ?? JSON.stringify(event);
    const signature =
      options.signature === undefined
        ? await Stripe.webhooks.generateTestHeaderStringAsync({
            payload,
            secret: options.secret ?? SECRET,
            timestamp: options.timestamp ?? nowSeconds(),
            cryptoProvider,
          })
        : options.signature;
    const headers: Record<string, string> = {};
    const contentType =
      options.contentType === undefined ? "application/json; charset=utf-8" : options.contentType;
    if (contentType !== null) headers["content-type"] = contentType;
    if (signature !== null) headers["stripe-signature"] = signature;
    const response = await (options.handler ?? handler)(
      new Request(ENDPOINT, { method: "POST", headers, body: payload }),
    );
    while (pending.length > 0) await pending.shift();
    return response;
  };
  const count = async (table: string) =>
    Number((await db.query<{ n: number }>(`select count(*)::int as n from ${table}`))[0]?.n);
  const confirmations = () =>
    db.query<{ to_address: string; text_body: string; html_body: string }>(
      `select to_address, text_body, html_body from private.email_outbox
       where kind = 'subscription_confirmation' order by created_at`,
    );
  try {
    await run({ stripe, resend, db, deliver, handlerWith, count, confirmations });
  } finally {
    await Promise.all([stripe.close(), resend.close()]);
  }
}

/** A database whose every query fails as unreachable. */
const downDb: Db = {
  query: () => Promise.reject(new DatabaseUnavailableError("ECONNREFUSED")),
};

async function expectRefusal(response: Response, status: number, code: string) {
  assert.equal(response.status, status);
  const body = (await response.json()) as { code: string; error: string };
  assert.equal(body.code, code);
  assert.ok(body.error.length > 0);
}

async function expectNothingRecorded(stack: WebhookStack) {
  for (const table of [
    "private.stripe_events",
    "private.subscriptions",
    "private.subscription_consents",
    "private.email_outbox",
  ]) {
    assert.equal(await stack.count(table), 0, table);
  }
  assert.equal(stack.resend.emails.length, 0);
}

export const webhookContractCases: {
  name: string;
  run: (stack: WebhookStack) => Promise<void>;
}[] = [
  {
    name: "a signed checkout mirrors the subscription, keeps the consent and sends one confirmation",
    async run(stack) {
      const subscription = stack.stripe.seedSubscription({
        email: "Ada.Lovelace+pod@Example.com",
        price: PRO_PRICE,
        startedDaysAgo: 0,
        periodDaysLeft: 30,
      });
      const event = checkoutEvent(subscription, "Ada.Lovelace+pod@Example.com");
      const response = await stack.deliver(event);
      assert.equal(response.status, 200);
      assert.deepEqual(await response.json(), { received: true });

      const [mirror] = await stack.db.query<Record<string, unknown>>(
        "select * from private.subscriptions",
      );
      assert.equal(mirror?.id, subscription.id);
      assert.equal(mirror?.customer_email, "Ada.Lovelace+pod@Example.com");
      assert.equal(mirror?.mailbox, "ada.lovelace@example.com");
      assert.equal(mirror?.plan, "price_pro");
      assert.equal(mirror?.status, "active");
      assert.equal(mirror?.cancel_at_period_end, false);

      const [consent] = await stack.db.query<Record<string, unknown>>(
        "select * from private.subscription_consents",
      );
      const texts = consentTexts(149, SITE);
      assert.equal(consent?.checkout_session_id, event.data.object.id);
      assert.equal(consent?.terms_text, texts.termsAcceptance);
      assert.equal(consent?.submit_text, texts.submit);
      assert.equal(consent?.terms_accepted, true);
      assert.equal(consent?.express_start_question, expressStart.label);
      assert.equal(consent?.express_start_answer, expressStart.option.label);
      assert.equal(Number(consent?.amount_total), 14_900);

      assert.equal(stack.resend.emails.length, 1);
      const [sent] = stack.resend.emails;
      assert.deepEqual(sent?.to, ["Ada.Lovelace+pod@Example.com"]);
      const text = sent?.text ?? "";
      for (const needed of [
        "Plan: Pro, $149 a month, taxes included.",
        "renews automatically every month",
        `${SITE}/cancel`,
        `by e-mail to ${SUPPORT}`,
        `${SITE}/withdraw`,
        "Model withdrawal form",
        "I/We (*) hereby give notice",
        `you chose "${expressStart.option.label}"`,
        `${SITE}${changePlanPath}`,
        SUBSCRIBER_ACCESS,
        `Questions: ${SUPPORT}`,
      ]) {
        assert.ok(text.includes(needed), `the confirmation says ${needed}`);
      }
      assert.ok(sent?.html?.includes("Model withdrawal form"));
      assert.doesNotMatch(text, /already has a live/);
    },
  },
  {
    name: "a redelivery, and two deliveries at once, send one confirmation and keep one record",
    async run(stack) {
      const subscription = stack.stripe.seedSubscription({ email: "ada@example.com" });
      const event = checkoutEvent(subscription, "ada@example.com");
      const [first, second] = await Promise.all([stack.deliver(event), stack.deliver(event)]);
      assert.deepEqual([first.status, second.status], [200, 200]);
      const again = await stack.deliver(event);
      assert.equal(again.status, 200);
      assert.deepEqual(await again.json(), { received: true, duplicate: true });
      assert.equal(await stack.count("private.stripe_events"), 1);
      assert.equal(await stack.count("private.subscription_consents"), 1);
      assert.equal((await stack.confirmations()).length, 1);
      assert.equal(stack.resend.emails.length, 1);
    },
  },
  {
    name: "a missing, wrong or stale signature, or an altered body, gets 400 and changes nothing",
    async run(stack) {
      const subscription = stack.stripe.seedSubscription({ email: "ada@example.com" });
      const event = checkoutEvent(subscription, "ada@example.com");
      await expectRefusal(
        await stack.deliver(event, { signature: null }),
        400,
        "missing_signature",
      );
      await expectRefusal(
        await stack.deliver(event, { secret: "whsec_someone_elses_secret" }),
        400,
        "invalid_signature",
      );
      await expectRefusal(
        await stack.deliver(event, { timestamp: nowSeconds() - 301 }),
        400,
        "invalid_signature",
      );
      const signed = await Stripe.webhooks.generateTestHeaderStringAsync({
        payload: JSON.stringify(event),
        secret: SECRET,
        cryptoProvider,
      });
      const altered = JSON.stringify({ ...event, id: "evt_test_altered" });
      await expectRefusal(
        await stack.deliver(event, { raw: altered, signature: signed }),
        400,
        "invalid_signature",
      );
      await expectNothingRecorded(stack);
      assert.equal(
        stack.stripe.requests.length,
        0,
        "no Stripe call is made for an unsigned delivery",
      );
    },
  },
  {
    name: "subscription events keep the mirror, and an older event never overwrites a newer one",
    async run(stack) {
      const subscription = stack.stripe.seedSubscription({
        email: "Grace@Example.com",
        price: EXPERT_PRICE,
      });
      const t = nowSeconds();
      const created = await stack.deliver(
        subscriptionEvent("customer.subscription.created", subscription, t - 60),
      );
      assert.equal(created.status, 200);
      const row = async () =>
        (
          await stack.db.query<Record<string, unknown>>(
            "select * from private.subscriptions where id = $1",
            [subscription.id],
          )
        )[0];
      assert.equal((await row())?.mailbox, "grace@example.com");
      assert.equal((await row())?.customer_email, "Grace@Example.com");
      assert.equal((await row())?.plan, "price_expert");

      const updated = await stack.deliver(
        subscriptionEvent(
          "customer.subscription.updated",
          { ...subscription, cancel_at_period_end: true },
          t - 10,
        ),
      );
      assert.equal(updated.status, 200);
      assert.equal((await row())?.cancel_at_period_end, true);

      const late = await stack.deliver(
        subscriptionEvent("customer.subscription.updated", subscription, t - 30),
      );
      assert.equal(late.status, 200);
      assert.equal((await row())?.cancel_at_period_end, true, "the older event changed nothing");

      const deleted = await stack.deliver(
        subscriptionEvent(
          "customer.subscription.deleted",
          { ...subscription, status: "canceled", canceled_at: t },
          t,
        ),
      );
      assert.equal(deleted.status, 200);
      assert.equal((await row())?.status, "canceled");
      assert.ok((await row())?.ended_at, "the end is recorded");
      assert.equal(await stack.count("private.stripe_events"), 4);
      assert.equal(await stack.count("private.email_outbox"), 0);
    },
  },
  {
    name: "an event type it does not handle gets 200 and is ignored",
    async run(stack) {
      const response = await stack.deliver({
        id: unique("evt"),
        object: "event",
        type: "invoice.paid",
        created: nowSeconds(),
        data: { object: { id: "in_test_1", object: "invoice" } },
      });
      assert.equal(response.status, 200);
      assert.deepEqual(await response.json(), { received: true, ignored: true });
      await expectNothingRecorded(stack);
    },
  },
  {
    name: "malformed JSON, an unknown shape and a body over 1 MB get a clear 4xx",
    async run(stack) {
      await expectRefusal(await stack.deliver(null, { raw: '{"id":' }), 400, "invalid_json");
      await expectRefusal(
        await stack.deliver({ id: "not-an-event", type: 42 }),
        400,
        "invalid_event",
      );
      const shapeless = {
        id: unique("evt"),
        object: "event",
        type: "customer.subscription.updated",
        created: nowSeconds(),
        data: { object: { id: "sub_test_1", status: 7 } },
      };
      await expectRefusal(await stack.deliver(shapeless), 400, "invalid_event");
      const huge = JSON.stringify({ padding: "x".repeat(MAX_WEBHOOK_BYTES) });
      await expectRefusal(await stack.deliver(null, { raw: huge }), 413, "payload_too_large");
      await expectNothingRecorded(stack);
    },
  },
  {
    name: "a database fault answers 503 and loses nothing: the redelivery acts once",
    async run(stack) {
      const subscription = stack.stripe.seedSubscription({ email: "ada@example.com" });
      const event = checkoutEvent(subscription, "ada@example.com");
      const down = await stack.deliver(event, { handler: stack.handlerWith(downDb) });
      await expectRefusal(down, 503, "database_unavailable");
      assert.ok(down.headers.get("retry-after"));
      await expectNothingRecorded(stack);
      const retried = await stack.deliver(event);
      assert.equal(retried.status, 200);
      assert.equal(stack.resend.emails.length, 1);
    },
  },
  {
    name: "Stripe failing to answer gets 503 so Stripe delivers again, and nothing is recorded",
    async run(stack) {
      const subscription = stack.stripe.seedSubscription({ email: "ada@example.com" });
      const event = checkoutEvent(subscription, "ada@example.com");
      // The first try and the SDK's one retry.
      stack.stripe.failNext({ type: "api_error", shouldRetry: true }, 2);
      await expectRefusal(await stack.deliver(event), 503, "stripe_unavailable");
      await expectNothingRecorded(stack);
      const again = await stack.deliver(event);
      assert.equal(again.status, 200);
      assert.equal(stack.resend.emails.length, 1);
    },
  },
  {
    name: "a second subscription under one mailbox is caught and named in its confirmation",
    async run(stack) {
      const pro = stack.stripe.seedSubscription({ email: "Jane@Example.com", price: PRO_PRICE });
      assert.equal((await stack.deliver(checkoutEvent(pro, "Jane@Example.com"))).status, 200);
      const expert = stack.stripe.seedSubscription({
        email: "jane@example.com",
        price: EXPERT_PRICE,
      });
      const second = await stack.deliver(checkoutEvent(expert, "jane@example.com", { price: 299 }));
      assert.equal(second.status, 200);
      const [, latest] = await stack.confirmations();
      assert.ok(latest, "a confirmation for the second subscription");
      assert.match(latest.text_body, /already has a live Castloop subscription \(Pro\)/);
      assert.match(latest.text_body, /this one \(Expert\) is a second/);
      assert.match(latest.text_body, /Plan: Expert, \$299 a month, taxes included\./);
      // One signed link to end the older one, in the text and the HTML, for 24 hours, once.
      const pattern = new RegExp(
        `${END_OLDER_BUTTON_LABEL}: (${SITE}${SITE_PATHS.changePlanEndOlder}\\?token=(\\S+))`,
      );
      const found = pattern.exec(latest.text_body);
      assert.ok(found, "an end-older link in the text");
      const [, url = "", token = ""] = found;
      assert.ok(latest.html_body.includes(`href="${url}"`), "the same link in the HTML");
      assert.match(latest.text_body, /refund its unused part/);
      assert.doesNotMatch(latest.text_body, /say which subscription to end/);
      const secret = linkSecretOf(undefined, STRIPE_KEY) ?? "";
      const check = await verifyPlanLink(secret, "end-older", token, new Date());
      assert.ok(check.ok, "a link the manage function takes");
      assert.equal(check.subscriptionId, pro.id);
      assert.equal(check.customerId, pro.customer);
      const dayOn = new Date(Date.now() + 24 * 60 * 60 * 1000 + 1000);
      assert.equal((await verifyPlanLink(secret, "end-older", token, dayOn)).ok, false);
      assert.equal((await verifyPlanLink(secret, "change-plan", token, new Date())).ok, false);
      // The first confirmation, alone under its mailbox then, offers nothing to end.
      const [first] = await stack.confirmations();
      assert.doesNotMatch(first?.text_body ?? "", /end-older/);
    },
  },
  {
    name: "without a link secret, a second subscription's confirmation points to support instead",
    async run(stack) {
      // A key neither test nor live gets no stand-in secret, as a live key without one would not.
      const handler = stack.handlerWith(stack.db, { STRIPE_SECRET_KEY: "sk_unsigned_contract" });
      const pro = stack.stripe.seedSubscription({ email: "sam@example.com", price: PRO_PRICE });
      assert.equal(
        (await stack.deliver(checkoutEvent(pro, "sam@example.com"), { handler })).status,
        200,
      );
      const expert = stack.stripe.seedSubscription({
        email: "sam@example.com",
        price: EXPERT_PRICE,
      });
      const second = await stack.deliver(checkoutEvent(expert, "sam@example.com", { price: 299 }), {
        handler,
      });
      assert.equal(second.status, 200);
      const [, latest] = await stack.confirmations();
      assert.ok(latest, "a confirmation for the second subscription");
      assert.match(latest.text_body, /this one \(Expert\) is a second/);
      assert.match(
        latest.text_body,
        new RegExp(`write to ${SUPPORT} and say which subscription to end`),
      );
      assert.doesNotMatch(latest.text_body, /end-older/);
      assert.doesNotMatch(latest.html_body, /end-older/);
    },
  },
  {
    name: "a delivery without Content-Type, or as text/plain, is read alike",
    async run(stack) {
      const ada = stack.stripe.seedSubscription({ email: "ada@example.com" });
      const bare = await stack.deliver(checkoutEvent(ada, "ada@example.com"), {
        contentType: null,
      });
      assert.equal(bare.status, 200);
      const grace = stack.stripe.seedSubscription({ email: "grace@example.com" });
      const plain = await stack.deliver(checkoutEvent(grace, "grace@example.com"), {
        contentType: "text/plain",
      });
      assert.equal(plain.status, 200);
      assert.equal((await stack.confirmations()).length, 2);
    },
  },
  {
    name: "ids with hyphens and a price given as its id are read",
    async run(stack) {
      const t = nowSeconds();
      const response = await stack.deliver({
        id: "evt_a-b",
        object: "event",
        type: "customer.subscription.created",
        created: t,
        data: {
          object: {
            id: "sub_test-1",
            object: "subscription",
            customer: { id: "cus_x-2", object: "customer", email: "Hedy@Example.com" },
            status: "active",
            cancel_at_period_end: false,
            start_date: t,
            items: {
              object: "list",
              data: [{ price: PRO_PRICE, current_period_start: t, current_period_end: t + 86_400 }],
            },
          },
        },
      });
      assert.equal(response.status, 200);
      const [row] = await stack.db.query<Record<string, unknown>>(
        "select * from private.subscriptions where id = 'sub_test-1'",
      );
      assert.equal(row?.customer_id, "cus_x-2");
      assert.equal(row?.plan, "price_pro");
    },
  },
  {
    name: "an event whose subscription Stripe no longer has gets 200 and is ignored",
    async run(stack) {
      const gone = {
        ...stack.stripe.seedSubscription({ email: "ada@example.com" }),
        id: "sub_test_gone",
      };
      const response = await stack.deliver(checkoutEvent(gone, "ada@example.com"));
      assert.equal(response.status, 200);
      assert.deepEqual(await response.json(), { received: true, ignored: true });
      await expectNothingRecorded(stack);
    },
  },
  {
    name: "a checkout session without an address is confirmed to its customer's",
    async run(stack) {
      const subscription = stack.stripe.seedSubscription({ email: "Hedy@Example.com" });
      const event = checkoutEvent(subscription, "unused@example.com");
      const session = event.data.object as Record<string, unknown>;
      delete session.customer_details;
      const response = await stack.deliver(event);
      assert.equal(response.status, 200);
      assert.deepEqual(
        (await stack.confirmations()).map((mail) => mail.to_address),
        ["Hedy@Example.com"],
      );
    },
  },
];
