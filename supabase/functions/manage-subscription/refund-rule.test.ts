import { describe, expect, it } from "vitest";
import { CANCEL_EFFECT, FIRST_FORTNIGHT_REFUND } from "../_shared/contract.ts";
import type { Billing, PaidInvoice, SubscriptionView } from "./billing.ts";
import { cancellationEmail, cancellationQueuedEmail, withdrawalReceiptEmail } from "./emails.ts";
import { cancelEndsNow, firstFortnightAmount, withdrawalRefund } from "./work.ts";

// The first fortnight's one refund rule: a withdrawal never returns less than the guarantee.

const DAY = 24 * 60 * 60 * 1000;
const now = new Date("2026-11-27T09:00:00Z");

function subscription(partial: Partial<SubscriptionView> = {}): SubscriptionView {
  return {
    id: "sub_1",
    customerId: "cus_1",
    customerEmail: "ada@example.com",
    status: "active",
    cancelAtPeriodEnd: false,
    planName: "Pro",
    startedAt: new Date(now.getTime() - 6 * DAY),
    currentPeriodStart: new Date(now.getTime() - 6 * DAY),
    currentPeriodEnd: new Date(now.getTime() + 24 * DAY),
    ...partial,
  };
}

function billingWith(invoices: PaidInvoice[]): Billing {
  return {
    findSubscriptions: async () => [],
    setCancelAtPeriodEnd: async () => subscription(),
    cancelNow: async () => {},
    retrieveSubscription: async () => {
      throw new Error("not read here");
    },
    paidInvoices: async () => invoices,
    refund: async () => ({ id: "re_1" }),
    voidOpenInvoices: async () => [],
  };
}

const invoice = (partial: Partial<PaidInvoice> = {}): PaidInvoice => ({
  id: "in_1",
  amountPaid: 14_900,
  currency: "usd",
  paymentIntent: "pi_1",
  periodStart: undefined,
  periodEnd: undefined,
  ...partial,
});

describe("firstFortnightAmount", () => {
  it("gives a first subscription whichever is larger, the first payment or the pro-rata amount", () => {
    expect(firstFortnightAmount(14_900, 9_933, true)).toBe(14_900);
    // Payments beyond the first (an upgrade) can make the pro-rata amount the larger.
    expect(firstFortnightAmount(14_900, 20_000, true)).toBe(20_000);
  });

  it("gives a later subscription the pro-rata amount", () => {
    expect(firstFortnightAmount(14_900, 9_933, false)).toBe(9_933);
  });
});

describe("withdrawalRefund", () => {
  it("refunds a first subscription's only payment in full, marked as the guarantee's", async () => {
    const planned = await withdrawalRefund(billingWith([invoice()]), subscription(), now, true);
    expect(planned).toEqual({
      paymentIntent: "pi_1",
      amount: 14_900,
      currency: "usd",
      first: true,
    });
  });

  it("refunds a first subscription in full even when its billing period is unknown", async () => {
    const unknown = subscription({ currentPeriodStart: undefined, currentPeriodEnd: undefined });
    const planned = await withdrawalRefund(billingWith([invoice()]), unknown, now, true);
    expect(planned).toMatchObject({ amount: 14_900, first: true });
  });

  it("refunds a later subscription pro rata: 6 of 30 days passed", async () => {
    const planned = await withdrawalRefund(billingWith([invoice()]), subscription(), now, false);
    expect(planned).toEqual({ paymentIntent: "pi_1", amount: 11_920, currency: "usd" });
  });

  it("leaves more than one payment to a person, who is told it is a first subscription", async () => {
    const two = [invoice(), invoice({ id: "in_2", amountPaid: 7_500 })];
    expect(await withdrawalRefund(billingWith(two), subscription(), now, true)).toEqual({
      operator: "there is more than one payment",
      first: true,
    });
  });
});

describe("the e-mails state the rule", () => {
  const context = { brand: "Castloop", siteUrl: "https://castloop.test", supportEmail: "s@c.test" };

  it("quotes the rule in the acknowledgment of receipt, automatic or not", () => {
    for (const automatic of [true, false]) {
      const mail = withdrawalReceiptEmail(
        context,
        "req-1",
        now,
        "ada@example.com",
        { name: "Ada", confirmTo: "ada@example.org" },
        automatic,
      );
      expect(mail.text).toContain(FIRST_FORTNIGHT_REFUND);
    }
  });

  it("tells a canceling subscriber what canceling does within the 14 days and after", () => {
    for (const mail of [
      cancellationEmail(context, "ada@example.com", "req-1", now, [], new Map()),
      cancellationQueuedEmail(context, "ada@example.com", "req-1", now),
    ]) {
      expect(mail.text).toContain(CANCEL_EFFECT);
      expect(mail.text).toContain(FIRST_FORTNIGHT_REFUND);
    }
  });

  it("says a first subscription canceled within the period has ended, with its refund, and offers no undo", () => {
    const mail = cancellationEmail(
      context,
      "ada@example.com",
      "req-1",
      now,
      [
        {
          id: "sub_1",
          plan: "Pro",
          action: "canceled_now",
          withdrawal: { lastDay: "2026-12-07", endsAt: "2026-12-08T12:00:00.000Z" },
          refund: { id: "re_1", amount: 14_900, currency: "usd", first: true },
        },
      ],
      new Map(),
    );
    expect(mail.subject).toBe("Your Castloop subscription has ended, with a refund");
    expect(mail.text).toContain(
      "You canceled within the withdrawal period, which runs to the end of 7 December 2026, so your Pro subscription (sub_1) has ended today",
    );
    expect(mail.text).toContain("We have refunded $149.00");
    expect(mail.text).not.toContain("Keep my subscription");
  });
});

describe("cancelEndsNow", () => {
  const view = subscription({ startedAt: new Date(now.getTime() - 6 * DAY) });

  it("ends a first subscription canceled within the withdrawal period", () => {
    expect(cancelEndsNow(view, "sub_1", now)).toBe(true);
  });

  it("leaves a later subscription, a late cancel and a past-due one to the period's end", () => {
    expect(cancelEndsNow(view, "sub_0", now)).toBe(false);
    expect(cancelEndsNow(view, undefined, now)).toBe(false);
    expect(cancelEndsNow(view, "sub_1", new Date(now.getTime() + 20 * DAY))).toBe(false);
    expect(cancelEndsNow({ ...view, status: "past_due" }, "sub_1", now)).toBe(false);
  });

  it("counts the window as the withdrawal period does, over a weekend to the Monday", () => {
    // Subscribed Friday 2026-11-13 (UTC): the 14th day, Friday the 27th, is a weekday.
    const friday = subscription({ startedAt: new Date("2026-11-13T09:00:00Z") });
    expect(cancelEndsNow(friday, "sub_1", new Date("2026-11-28T11:59:00Z"))).toBe(true);
    expect(cancelEndsNow(friday, "sub_1", new Date("2026-11-28T12:00:00Z"))).toBe(false);
    // Subscribed Sunday 2026-11-15: the 14th day is a Sunday, so it runs to Monday the 30th.
    const sunday = subscription({ startedAt: new Date("2026-11-15T09:00:00Z") });
    expect(cancelEndsNow(sunday, "sub_1", new Date("2026-12-01T11:59:00Z"))).toBe(true);
    expect(cancelEndsNow(sunday, "sub_1", new Date("2026-12-01T12:00:00Z"))).toBe(false);
  });
});
