import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { clearFunctionState, openTestDb } from "../../../tests/db/test-db.ts";
import type { EmbeddedDb } from "../../../server/embedded-db.ts";
import { canonicalMailbox } from "./mailbox.ts";
import { dueReminders, queueRenewalReminders, renewalReminderEmail } from "./renewal-reminders.ts";
import {
  findLiveByMailbox,
  mirrorUpsertParams,
  mirrorUpsertSql,
  pruneSubscriptionRecords,
  type SubscriptionSnapshot,
} from "./subscriptions-mirror.ts";

const context = {
  brand: "Castloop",
  siteUrl: "https://castloop.test",
  supportEmail: "support@castloop.test",
};

function snapshot(overrides: Partial<SubscriptionSnapshot> = {}): SubscriptionSnapshot {
  return {
    id: "sub_test_one",
    customerId: "cus_test_one",
    customerEmail: "Jane@Example.com",
    plan: "price_pro",
    priceId: "price_test_pro",
    status: "active",
    startedAt: new Date("2025-11-28T10:00:00Z"),
    currentPeriodStart: new Date("2026-11-28T10:00:00Z"),
    currentPeriodEnd: new Date("2026-12-28T10:00:00Z"),
    cancelAtPeriodEnd: false,
    endedAt: null,
    ...overrides,
  };
}

describe("canonicalMailbox", () => {
  it.each([
    ["Jane@Example.com", "jane@example.com"],
    ["jane+news@example.com", "jane@example.com"],
    ["jane@example.com.", "jane@example.com"],
    ["J.a.n.e@googlemail.com", "jane@gmail.com"],
    ["j.ane+x@Gmail.com", "jane@gmail.com"],
    ["ｊａｎｅ@example.com", "jane@example.com"],
    ["jane@bücher.example", "jane@xn--bcher-kva.example"],
    ["j.ane@example.com", "j.ane@example.com"],
    ["not an address", "not an address"],
  ])("%s reaches %s", (address, mailbox) => {
    expect(canonicalMailbox(address)).toBe(mailbox);
  });
});

describe("the subscriptions mirror and the yearly reminders", () => {
  let db: EmbeddedDb;
  beforeAll(async () => {
    db = await openTestDb();
  }, 120_000);
  afterAll(() => db.close());
  beforeEach(() => clearFunctionState(db));

  async function mirror(
    row: SubscriptionSnapshot,
    eventCreated = new Date("2026-01-01T00:00:00Z"),
  ) {
    await db.query(
      `with new_event as (select 1), m as (${mirrorUpsertSql(1, "true")}) select 1`,
      mirrorUpsertParams(row, eventCreated),
    );
  }

  it("finds a live subscription by any spelling of its address, and never an ended one", async () => {
    await mirror(snapshot());
    await mirror(snapshot({ id: "sub_test_two", status: "canceled", endedAt: new Date() }));
    const found = await findLiveByMailbox(db, "jane+pod@EXAMPLE.com.");
    expect(found.map((s) => s.id)).toEqual(["sub_test_one"]);
    expect(found[0]?.customerEmail).toBe("Jane@Example.com");
  });

  it("keeps the newest event's state when an older one arrives late", async () => {
    await mirror(snapshot({ cancelAtPeriodEnd: true }), new Date("2026-02-01T00:00:00Z"));
    await mirror(snapshot({ cancelAtPeriodEnd: false }), new Date("2026-01-15T00:00:00Z"));
    const [row] = await findLiveByMailbox(db, "jane@example.com");
    expect(row?.cancelAtPeriodEnd).toBe(true);
  });

  it("is due on the anniversary, once, and again a year later", async () => {
    await mirror(snapshot());
    expect(await dueReminders(db, new Date("2026-11-28T09:59:59Z"))).toEqual([]);
    const due = await dueReminders(db, new Date("2026-11-28T10:00:00Z"));
    expect(due.map((d) => [d.subscriptionId, d.anniversary.toISOString(), d.years])).toEqual([
      ["sub_test_one", "2026-11-28T10:00:00.000Z", 1],
    ]);
    const at = new Date("2026-11-28T10:05:00Z");
    const runs = await Promise.all([
      queueRenewalReminders({ db, context, now: at, local: true }),
      queueRenewalReminders({ db, context, now: at, local: true }),
    ]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await dueReminders(db, new Date("2027-06-01T00:00:00Z"))).toEqual([]);
    const later = await dueReminders(db, new Date("2027-11-28T10:00:00Z"));
    expect(later.map((d) => d.years)).toEqual([2]);
    const mail = await db.query<{ kind: string; ref: string; to_address: string }>(
      "select kind, ref, to_address from private.email_outbox",
    );
    expect(mail).toEqual([
      { kind: "renewal_reminder", ref: "sub_test_one", to_address: "Jane@Example.com" },
    ]);
  });

  it("names no renewal day that has already passed", async () => {
    // The mirror heard nothing since checkout: its period ended eleven months ago.
    await mirror(snapshot({ currentPeriodEnd: new Date("2025-12-28T10:00:00Z") }));
    const [due] = await dueReminders(db, new Date("2026-11-28T10:00:00Z"));
    expect(due?.currentPeriodEnd).toBeNull();
    await queueRenewalReminders({
      db,
      context,
      now: new Date("2026-11-28T10:00:00Z"),
      local: true,
    });
    const [mail] = await db.query<{ text_body: string }>(
      "select text_body from private.email_outbox",
    );
    expect(mail?.text_body).not.toContain("The next renewal is on");
    expect(mail?.text_body).toContain("renews automatically every month");
  });

  it("reminds no subscription that has ended or is set to end", async () => {
    await mirror(snapshot({ id: "sub_test_ending", cancelAtPeriodEnd: true }));
    await mirror(snapshot({ id: "sub_test_ended", status: "canceled", endedAt: new Date() }));
    expect(await dueReminders(db, new Date("2026-12-01T00:00:00Z"))).toEqual([]);
  });

  it("states the plan, the amount with taxes and the frequency, and links the cancellation", () => {
    const email = renewalReminderEmail(context, {
      subscriptionId: "sub_test_one",
      to: "jane@example.com",
      plan: "price_pro",
      anniversary: new Date("2026-11-28T10:00:00Z"),
      years: 1,
      currentPeriodEnd: new Date("2026-12-28T10:00:00Z"),
    });
    expect(email.text).toContain(
      "Your Castloop Pro subscription renews automatically every month at $149, taxes included, until you cancel.",
    );
    expect(email.text).toContain("The next renewal is on 28 December 2026.");
    expect(email.text).toContain("Cancel your subscription: https://castloop.test/cancel");
    expect(email.html).toContain('href="https://castloop.test/cancel"');
  });

  it("deletes a consent record and the mirror row only once both periods have passed", async () => {
    const ended = new Date("2026-01-10T00:00:00Z");
    await mirror(snapshot({ status: "canceled", endedAt: ended }));
    await db.query(
      `insert into private.subscription_consents (checkout_session_id, subscription_id,
         customer_email, terms_accepted, express_start_question, consented_at, recorded_at)
       values ('cs_test_one', 'sub_test_one', 'Jane@Example.com', true, 'q', $1, $1)`,
      [new Date("2025-11-28T10:00:00Z")],
    );
    const count = async (table: string) =>
      Number((await db.query<{ n: number }>(`select count(*)::int as n from ${table}`))[0]?.n);
    // A year after the end, but not three after checkout: both stay.
    expect(await pruneSubscriptionRecords(db, new Date("2027-06-01T00:00:00Z"))).toBe(0);
    expect(await count("private.subscription_consents")).toBe(1);
    expect(await count("private.subscriptions")).toBe(1);
    // Three years after checkout: both go.
    expect(await pruneSubscriptionRecords(db, new Date("2028-11-29T00:00:00Z"))).toBe(2);
    expect(await count("private.subscription_consents")).toBe(0);
    expect(await count("private.subscriptions")).toBe(0);
  });
});
