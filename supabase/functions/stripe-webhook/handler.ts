import { consentTexts } from "../_shared/checkout-consent.ts";
import {
  checkoutPlanNames,
  checkoutPlanPrices,
  formatUsd,
  SITE_PATHS,
  type CheckoutPlanId,
} from "../_shared/contract.ts";
import type { Db } from "../_shared/db.ts";
import type { Mailer } from "../_shared/email.ts";
import type { MailContext } from "../_shared/email-text.ts";
import { json, problem, readBodyWithLimit } from "../_shared/http.ts";
import {
  describeError,
  serveFunction,
  type FunctionHandler,
  type LogLine,
} from "../_shared/serve.ts";
import { planLinkExpiry, signPlanLink } from "../_shared/plan-link.ts";
import { findLiveByMailbox, type MirroredSubscription } from "../_shared/subscriptions-mirror.ts";
import { confirmationEmail, type EndOlderLink } from "./confirmation.ts";
import {
  eventSchema,
  expressStartChoice,
  idOf,
  isHandled,
  sessionSchema,
  snapshotOf,
  subscriptionSchema,
  type CheckoutSessionObject,
  type StripeEventEnvelope,
} from "./event.ts";
import type { EventRef, WebhookStore } from "./store.ts";
import { verifyEvent, WebhookStripeError, type WebhookStripe } from "./stripe.ts";

// Stripe's deliveries: believed only when signed with the endpoint's secret, acted on once per
// event id (store.ts), answered within Stripe's timeout. 2xx tells Stripe the event is done;
// 4xx that it never will be (a bad signature or shape); 5xx asks it to deliver again later,
// which it does for three days, so a database or Stripe fault loses nothing.

/** The largest body read: Stripe's events are a few kilobytes. */
export const MAX_WEBHOOK_BYTES = 1024 * 1024;
/** How long the body may take to arrive. */
export const BODY_TIMEOUT_MS = 10_000;
/** Seconds Stripe is asked to wait after a fault (it keeps its own schedule anyway). */
export const RETRY_AFTER_SECONDS = 60;

export const WEBHOOK_MESSAGES = {
  not_configured: "This webhook endpoint is not configured on this server.",
  payload_too_large: "The request is larger than 1 MB.",
  request_timeout: "The request took too long to arrive.",
  incomplete_body: "The request arrived incomplete.",
  missing_signature: "The Stripe-Signature header is missing.",
  invalid_signature: "The Stripe-Signature header does not match the body, or it is too old.",
  invalid_json: "The request body is not valid JSON.",
  invalid_event: "The body is not a Stripe event of a shape this endpoint reads.",
  stripe_unavailable: "Stripe could not be read just now. Please deliver the event again later.",
} as const;
type WebhookCode = keyof typeof WEBHOOK_MESSAGES;

export interface WebhookDeps {
  webhookSecret: string;
  stripe: WebhookStripe;
  store: WebhookStore;
  db: Db;
  mailer: Mailer;
  /** Stripe price id → public plan id. */
  plans: ReadonlyMap<string, CheckoutPlanId>;
  mail: MailContext;
  log: LogLine;
  /** Keeps the e-mail delivery after the answer alive (EdgeRuntime.waitUntil on Supabase). */
  waitUntil?: (work: Promise<unknown>) => void;
  /**
   * SUBSCRIPTION_LINK_SECRET (or its test-mode stand-in): signs the end-older links a second
   * subscription's confirmation offers. Undefined: that confirmation points to support instead.
   */
  linkSecret?: string;
  /** Tests: the clock the signature's age is judged by (ms since epoch). */
  now?: () => number;
}

const refuse = (status: number, code: WebhookCode, headers: Record<string, string> = {}) =>
  problem(status, code, WEBHOOK_MESSAGES[code], headers);

class InvalidEvent extends Error {
  override name = "InvalidEvent";
}

export function createWebhookHandler(deps: WebhookDeps): FunctionHandler {
  const planOf = (priceId: string) => deps.plans.get(priceId) ?? null;
  const log = (fields: Record<string, unknown>) => deps.log(JSON.stringify(fields));

  async function retrieveSubscription(id: string) {
    const parsed = subscriptionSchema.safeParse(await deps.stripe.retrieveSubscription(id));
    if (!parsed.success) throw new InvalidEvent("the subscription Stripe returned");
    return parsed.data;
  }

  const planNameOf = (plan: string | null) =>
    plan !== null && plan in checkoutPlanNames
      ? checkoutPlanNames[plan as CheckoutPlanId]
      : `${deps.mail.brand} subscription`;

  /**
   * One signed, one-use link per older live subscription under the mailbox, to end it now
   * (manage-subscription/end-older.ts checks it); none without a link secret.
   */
  async function endOlderLinks(older: readonly MirroredSubscription[]): Promise<EndOlderLink[]> {
    const secret = deps.linkSecret;
    if (secret === undefined) return [];
    const expiresAt = planLinkExpiry(new Date(deps.now?.() ?? Date.now()));
    const links: EndOlderLink[] = [];
    for (const subscription of older) {
      const token = await signPlanLink(
        secret,
        "end-older",
        subscription.id,
        subscription.customerId,
        expiresAt,
      );
      links.push({
        planName: planNameOf(subscription.plan),
        url: `${deps.mail.siteUrl}${SITE_PATHS.changePlanEndOlder}?token=${token}`,
        expiresAt,
      });
    }
    return links;
  }

  type Outcome = "done" | "duplicate" | "ignored";
  const outcome = (fresh: boolean): Outcome => (fresh ? "done" : "duplicate");

  async function onSubscription(ref: EventRef, object: unknown): Promise<Outcome> {
    const parsed = subscriptionSchema.safeParse(object);
    if (!parsed.success) throw new InvalidEvent(ref.type);
    const subscription = parsed.data;
    const customer = subscription.customer;
    const email =
      typeof customer === "object" && customer.email !== undefined
        ? (customer.email ?? null)
        : await deps.stripe.customerEmail(idOf(customer));
    const snapshot = snapshotOf(subscription, email, planOf, ref.created);
    return outcome((await deps.store.applySubscription(ref, snapshot)).fresh);
  }

  async function onCheckout(ref: EventRef, session: CheckoutSessionObject): Promise<Outcome> {
    if (session.mode !== "subscription" || !session.subscription) return "ignored";
    // A session that carries no address (a stand-in's, say) names its customer, who has one.
    const email =
      session.customer_details?.email ??
      session.customer_email ??
      (session.customer ? await deps.stripe.customerEmail(idOf(session.customer)) : null);
    if (email === null) return "ignored";
    const subscription = await retrieveSubscription(idOf(session.subscription));
    const snapshot = snapshotOf(subscription, email, planOf, ref.created);
    const plan = snapshot.plan as CheckoutPlanId | null;
    const others = (await findLiveByMailbox(deps.db, email)).filter((s) => s.id !== snapshot.id);
    const amount =
      plan !== null
        ? formatUsd(checkoutPlanPrices[plan])
        : new Intl.NumberFormat("en-US", {
            style: "currency",
            currency: (session.currency ?? "usd").toUpperCase(),
          }).format((session.amount_total ?? 0) / 100);
    const planName = plan === null ? `${deps.mail.brand} subscription` : checkoutPlanNames[plan];
    const choice = expressStartChoice(session);
    const shown =
      plan === null ? undefined : consentTexts(checkoutPlanPrices[plan], deps.mail.siteUrl);
    const startedAt = snapshot.startedAt ?? ref.created;
    const message = confirmationEmail(deps.mail, {
      to: email,
      checkoutSessionId: session.id,
      planName,
      amount,
      startedAt,
      nextRenewalAt: snapshot.currentPeriodEnd,
      expressStart: { ...choice, at: ref.created },
      otherPlans: others.map((other) => planNameOf(other.plan)),
      // Only one that started first is offered for ending: the new one is what was just bought.
      endOlderLinks: await endOlderLinks(
        others.filter(
          (other) => other.startedAt === null || other.startedAt.getTime() <= startedAt.getTime(),
        ),
      ),
    });
    const result = await deps.store.applyCheckout(
      ref,
      snapshot,
      {
        checkoutSessionId: session.id,
        subscriptionId: snapshot.id,
        customerEmail: email,
        plan,
        amountTotal: session.amount_total ?? null,
        currency: session.currency ?? null,
        termsAccepted: session.consent?.terms_of_service === "accepted",
        // What Checkout showed, as the session records it; a stand-in that leaves it out gets
        // the strings create-checkout sends for the plan.
        termsText:
          session.custom_text?.terms_of_service_acceptance?.message ??
          shown?.termsAcceptance ??
          null,
        submitText: session.custom_text?.submit?.message ?? shown?.submit ?? null,
        expressStartQuestion: choice.question,
        expressStartAnswer: choice.answer,
        consentedAt: ref.created,
      },
      message,
    );
    if (result.emailQueued) {
      // Delivered from the outbox after the answer, so a slow mail provider never holds Stripe.
      const delivery = deps.mailer.retryQueued().catch((error: unknown) => {
        log({ level: "warn", event: "webhook_email_retry_failed", ...describeError(error) });
      });
      deps.waitUntil?.(delivery);
    }
    return outcome(result.fresh);
  }

  async function apply(event: StripeEventEnvelope): Promise<Outcome> {
    const ref: EventRef = {
      id: event.id,
      type: event.type,
      created: new Date(event.created * 1000),
    };
    if (await deps.store.seen(event.id)) return "duplicate";
    if (event.type === "checkout.session.completed") {
      const session = sessionSchema.safeParse(event.data.object);
      if (!session.success) throw new InvalidEvent(event.type);
      return onCheckout(ref, session.data);
    }
    return onSubscription(ref, event.data.object);
  }

  return serveFunction({ allowedOrigins: [], log: deps.log, event: "webhook" }, async (req) => {
    // The signed bytes are the event whatever Content-Type says: a relay or stand-in that
    // sends none, or text/plain, still delivers a verifiable JSON event.
    const signature = req.headers.get("stripe-signature");
    const body = await readBodyWithLimit(req, MAX_WEBHOOK_BYTES, BODY_TIMEOUT_MS);
    if (!body.ok) {
      if (body.reason === "too_large") return refuse(413, "payload_too_large");
      return body.reason === "timeout"
        ? refuse(408, "request_timeout")
        : refuse(400, "incomplete_body");
    }
    if (signature === null || signature.trim() === "") return refuse(400, "missing_signature");
    const nowSeconds = deps.now === undefined ? undefined : Math.floor(deps.now() / 1000);
    const verified = await verifyEvent(body.bytes, signature, deps.webhookSecret, nowSeconds);
    if (!verified.ok) {
      log({ level: "warn", event: `webhook_${verified.reason}` });
      return refuse(400, verified.reason);
    }
    const envelope = eventSchema.safeParse(verified.event);
    if (!envelope.success) return refuse(400, "invalid_event");
    const event = envelope.data;
    if (!isHandled(event.type)) return json({ received: true, ignored: true });
    try {
      const result = await apply(event);
      log({ level: "info", event: "webhook_event", eventId: event.id, type: event.type, result });
      return json({
        received: true,
        ...(result === "duplicate" ? { duplicate: true } : {}),
        ...(result === "ignored" ? { ignored: true } : {}),
      });
    } catch (error) {
      if (error instanceof InvalidEvent) {
        log({ level: "warn", event: "webhook_invalid_event", eventId: event.id, type: event.type });
        return refuse(400, "invalid_event");
      }
      // Stripe no longer has the event's object (deleted, or of another account or mode):
      // delivering it again never changes that, so it is answered 200 and ignored.
      if (error instanceof WebhookStripeError && error.details.statusCode === 404) {
        log({
          level: "warn",
          event: "webhook_object_missing",
          eventId: event.id,
          type: event.type,
        });
        return json({ received: true, ignored: true });
      }
      if (error instanceof WebhookStripeError) {
        log({
          level: "error",
          event: "webhook_stripe_unavailable",
          eventId: event.id,
          ...error.details,
        });
        return refuse(503, "stripe_unavailable", { "Retry-After": String(RETRY_AFTER_SECONDS) });
      }
      throw error;
    }
  });
}

/** The endpoint without its secret or Stripe key: every delivery is 503, so Stripe retries. */
export function createNotConfiguredWebhookHandler(
  log: LogLine,
  missing: readonly string[],
): FunctionHandler {
  log(JSON.stringify({ level: "warn", event: "webhook_not_configured", missing }));
  return serveFunction({ allowedOrigins: [], log, event: "webhook" }, async () =>
    refuse(503, "not_configured", { "Retry-After": String(RETRY_AFTER_SECONDS) }),
  );
}
