import { z } from "zod";
import { expressStart } from "../_shared/contract.ts";
import type { SubscriptionSnapshot } from "../_shared/subscriptions-mirror.ts";

// The parts of Stripe's events this function reads, checked before anything is written: an
// event of a handled type whose object lacks them is refused (400), never half-applied. Other
// fields are left alone, so a newer API version that adds fields changes nothing.

/** The event types acted on; any other is answered 200 and ignored. */
export const HANDLED_EVENTS = [
  "checkout.session.completed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
] as const;
export type HandledEvent = (typeof HANDLED_EVENTS)[number];

export const isHandled = (type: string): type is HandledEvent =>
  (HANDLED_EVENTS as readonly string[]).includes(type);

const id = (prefix: string) =>
  z
    .string()
    .max(255)
    .regex(new RegExp(`^${prefix}_[A-Za-z0-9_-]+$`));
const seconds = z.number().int().nonnegative();
const maybe = <T extends z.ZodType>(schema: T) => schema.nullish();
const expandable = (prefix: string) => z.union([id(prefix), z.looseObject({ id: id(prefix) })]);

export const eventSchema = z.looseObject({
  id: id("evt"),
  type: z.string().min(1).max(100),
  created: seconds,
  data: z.looseObject({ object: z.looseObject({}) }),
});
export type StripeEventEnvelope = z.infer<typeof eventSchema>;

const customField = z.looseObject({
  key: z.string().max(200),
  label: maybe(z.looseObject({ custom: maybe(z.string().max(200)) })),
  dropdown: maybe(
    z.looseObject({
      value: maybe(z.string().max(200)),
      options: maybe(z.array(z.looseObject({ label: z.string(), value: z.string() })).max(200)),
    }),
  ),
});
const message = maybe(z.looseObject({ message: z.string().max(5000) }));

export const sessionSchema = z.looseObject({
  id: id("cs"),
  mode: z.string(),
  subscription: maybe(expandable("sub")),
  customer: maybe(expandable("cus")),
  customer_email: maybe(z.string().max(320)),
  customer_details: maybe(z.looseObject({ email: maybe(z.string().max(320)) })),
  amount_total: maybe(z.number().int()),
  currency: maybe(z.string().max(8)),
  consent: maybe(z.looseObject({ terms_of_service: maybe(z.string()) })),
  custom_text: maybe(
    z.looseObject({ submit: message, terms_of_service_acceptance: message }).partial(),
  ),
  custom_fields: maybe(z.array(customField).max(20)),
});
export type CheckoutSessionObject = z.infer<typeof sessionSchema>;

const period = { current_period_start: maybe(seconds), current_period_end: maybe(seconds) };

export const subscriptionSchema = z.looseObject({
  id: id("sub"),
  customer: z.union([
    id("cus"),
    z.looseObject({ id: id("cus"), email: maybe(z.string().max(320)) }),
  ]),
  status: z.string().min(1).max(32),
  start_date: maybe(seconds),
  created: maybe(seconds),
  cancel_at_period_end: maybe(z.boolean()),
  ended_at: maybe(seconds),
  canceled_at: maybe(seconds),
  ...period,
  items: maybe(
    z.looseObject({
      data: z
        .array(
          z.looseObject({
            // The price's id, or the price itself when expanded (as Stripe sends it).
            price: maybe(
              z.union([z.string().max(255), z.looseObject({ id: z.string().max(255) })]),
            ),
            ...period,
          }),
        )
        .max(100),
    }),
  ),
});
export type SubscriptionObject = z.infer<typeof subscriptionSchema>;

const at = (value: number | null | undefined): Date | null =>
  value === null || value === undefined ? null : new Date(value * 1000);

/** The id of an expandable field, whether Stripe sent the id or the object. */
export const idOf = (value: string | { id: string }): string =>
  typeof value === "string" ? value : value.id;

/**
 * A subscription as the mirror keeps it. The period sits on the item since API version
 * 2025-03-31 and on the subscription before. `planOf` maps a price id to the public plan id;
 * an ended subscription without an end time ended, as far as we know, when the event was made.
 */
export function snapshotOf(
  subscription: SubscriptionObject,
  customerEmail: string | null,
  planOf: (priceId: string) => string | null,
  eventCreated: Date,
): SubscriptionSnapshot {
  const item = subscription.items?.data[0];
  const priceId = item?.price ? idOf(item.price) : null;
  const ended = subscription.status === "canceled" || subscription.status === "incomplete_expired";
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer),
    customerEmail,
    plan: priceId === null ? null : planOf(priceId),
    priceId,
    status: subscription.status,
    startedAt: at(subscription.start_date ?? subscription.created),
    currentPeriodStart: at(item?.current_period_start ?? subscription.current_period_start),
    currentPeriodEnd: at(item?.current_period_end ?? subscription.current_period_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end === true,
    endedAt: ended
      ? (at(subscription.ended_at ?? subscription.canceled_at) ?? eventCreated)
      : at(subscription.ended_at),
  };
}

/** The express-start question and the answer's label as Checkout showed them. */
export function expressStartChoice(session: CheckoutSessionObject): {
  question: string;
  answer: string | null;
} {
  const field = session.custom_fields?.find((candidate) => candidate.key === expressStart.key);
  const question = field?.label?.custom ?? expressStart.label;
  const value = field?.dropdown?.value ?? null;
  if (value === null) return { question, answer: null };
  const option = field?.dropdown?.options?.find((candidate) => candidate.value === value);
  const known = value === expressStart.option.value ? expressStart.option.label : value;
  return { question, answer: option?.label ?? known };
}
