import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { EmbeddedDb } from "../../../server/embedded-db.ts";
import { clearManageState } from "../../../tests/db/manage-store.ts";
import { openTestDb } from "../../../tests/db/test-db.ts";
import { startFakeStripe, type FakeStripe } from "../../../tests/fakes/fake-stripe.ts";
import { dueReminders } from "../_shared/renewal-reminders.ts";
import { mirrorUpsertParams, mirrorUpsertSql } from "../_shared/subscriptions-mirror.ts";
import { createManageSubscriptionFromEnv } from "./from-env.ts";

// A cancellation typed in another case than Stripe holds the address: the subscriptions
// mirror finds it by mailbox even where Stripe's look-ups cannot (a list is exact, and a
// stand-in or an account may lack search).

const SITE = "http://localhost:3000";
let db: EmbeddedDb;
let fake: FakeStripe;
beforeAll(async () => {
  db = await openTestDb();
  fake = await startFakeStripe();
}, 120_000);
afterAll(async () => {
  await fake?.close();
  await db?.close();
});
beforeEach(async () => {
  fake.reset();
  await clearManageState(db);
});

async function mirror(id: string, customerId: string, email: string) {
  const started = new Date(Date.now() - 30 * 24 * 60 * 60 * 1000);
  await db.query(`with written as (${mirrorUpsertSql(1, "true")}) select 1`, [
    ...mirrorUpsertParams(
      {
        id,
        customerId,
        customerEmail: email,
        plan: "price_pro",
        priceId: "price_test_pro_fake",
        status: "active",
        startedAt: started,
        currentPeriodStart: null,
        currentPeriodEnd: null,
        cancelAtPeriodEnd: false,
        endedAt: null,
      },
      started,
    ),
  ]);
}

function manage() {
  const pending: Promise<unknown>[] = [];
  const built = createManageSubscriptionFromEnv(
    {
      SITE_URL: SITE,
      STRIPE_SECRET_KEY: "sk_test_fake_lookup",
      STRIPE_API_BASE: fake.url,
      STRIPE_PRICE_PRO: "price_test_pro_fake",
      MANAGE_EMAIL_RATE_LIMIT: "0",
    },
    { db, log: () => {}, floorMs: 0, waitUntil: (work) => pending.push(work) },
  );
  const cancel = async (email: string) => {
    const answer = await built.handler(
      new Request(`${SITE}/functions/v1/manage-subscription`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: SITE },
        body: JSON.stringify({ action: "cancel", email }),
      }),
    );
    while (pending.length > 0) await pending.shift();
    return answer;
  };
  return { cancel };
}

describe("cancelling by mailbox", () => {
  it("cancels Jane@Example.com when jane@example.com is typed, Stripe search or not", async () => {
    const seeded = fake.seedSubscription({ email: "Jane@Example.com" });
    await mirror(seeded.id, seeded.customer, "Jane@Example.com");
    // The first call, the search, is refused: only the mirror knows this spelling.
    fake.failNext({ type: "invalid_request_error", status: 400, message: "search is off" });
    expect((await manage().cancel("jane@example.com")).status).toBe(200);
    expect(fake.subscriptions.get(seeded.id)?.cancel_at_period_end).toBe(true);
    const [mail] = await db.query<{ to_address: string }>(
      "select to_address from private.email_outbox where kind = 'cancellation'",
    );
    expect(mail?.to_address).toBe("Jane@Example.com");
  });

  it("cancels it through Stripe's search when the mirror has not heard of it", async () => {
    const seeded = fake.seedSubscription({ email: "Jane@Example.com" });
    expect((await manage().cancel("jane@example.com")).status).toBe(200);
    expect(fake.subscriptions.get(seeded.id)?.cancel_at_period_end).toBe(true);
  });

  it("notes the cancellation in the mirror: no yearly reminder says it renews", async () => {
    const seeded = fake.seedSubscription({ email: "Jane@Example.com" });
    await mirror(seeded.id, seeded.customer, "Jane@Example.com");
    expect((await manage().cancel("jane@example.com")).status).toBe(200);
    const [row] = await db.query<{ cancel_at_period_end: boolean }>(
      "select cancel_at_period_end from private.subscriptions where id = $1",
      [seeded.id],
    );
    expect(row?.cancel_at_period_end).toBe(true);
    const yearLater = new Date(Date.now() + 366 * 24 * 60 * 60 * 1000);
    expect(await dueReminders(db, yearLater)).toEqual([]);
  });

  it("touches no one else's subscription", async () => {
    const other = fake.seedSubscription({ email: "janet@example.com" });
    await manage().cancel("jane@example.com");
    expect(fake.subscriptions.get(other.id)?.cancel_at_period_end).toBe(false);
  });
});

describe("cancelling a subscription whose renewal failed (past_due)", () => {
  it("voids the open renewal invoice, so it is not charged again", async () => {
    const seeded = fake.seedSubscription({ email: "late@example.com", status: "past_due" });
    const open = fake.seedOpenInvoice(seeded.id);
    const paid = [...fake.invoices.values()].find(
      (invoice) => invoice.subscription === seeded.id && invoice.status === "paid",
    );
    expect((await manage().cancel("late@example.com")).status).toBe(200);
    expect(fake.subscriptions.get(seeded.id)?.cancel_at_period_end).toBe(true);
    expect(fake.invoices.get(open.id)?.status).toBe("void");
    expect(paid === undefined ? "none" : fake.invoices.get(paid.id)?.status).not.toBe("void");
    // The period running now was never paid for: the e-mail does not call its end the last
    // paid day, and says the failed charge is gone.
    const [mail] = await db.query<{ text_body: string }>(
      "select text_body from private.email_outbox where kind = 'cancellation'",
    );
    expect(mail?.text_body).toContain("the end of the current billing period");
    expect(mail?.text_body).toContain("renewal payment had not gone through");
    expect(mail?.text_body).not.toContain("the last day you have paid for");
  });

  it("leaves the invoices of an active subscription alone", async () => {
    const seeded = fake.seedSubscription({ email: "paid@example.com" });
    const open = fake.seedOpenInvoice(seeded.id);
    await manage().cancel("paid@example.com");
    expect(fake.invoices.get(open.id)?.status).toBe("open");
  });
});

describe("a cancellation that matches no subscription", () => {
  it("still gets a receipt: when it arrived, and what to do if another address was used", async () => {
    fake.seedSubscription({ email: "jane+podcast@example.com" });
    await manage().cancel("jane@example.com");
    const mail = await db.query<{ to_address: string; text_body: string; kind: string }>(
      "select to_address, text_body, kind from private.email_outbox",
    );
    expect(mail.map((row) => [row.kind, row.to_address])).toEqual([
      ["cancellation_unmatched", "jane@example.com"],
    ]);
    const [request] = await db.query<{ received_at: Date }>(
      "select received_at from private.subscription_requests",
    );
    const moment = `${request!.received_at.toISOString().slice(11, 19)} UTC`;
    expect(mail[0]?.text_body).toContain(moment);
    expect(mail[0]?.text_body).toContain("We found no subscription under this address");
    expect(mail[0]?.text_body).toContain("another e-mail address");
    expect(mail[0]?.text_body).toContain(`${SITE}/cancel`);
  });

  it("sends one such receipt a day to a mailbox, however many variants strangers type", async () => {
    const { cancel } = manage();
    for (const email of ["ada@example.com", "Ada+1@example.com", "ada+2@Example.com"]) {
      await cancel(email);
    }
    const mail = await db.query<{ count: number }>(
      "select count(*)::integer as count from private.email_outbox",
    );
    expect(mail[0]?.count).toBe(1);
    const requests = await db.query<{ status: string }>(
      "select status from private.subscription_requests",
    );
    expect(requests.map((row) => row.status)).toEqual(["done", "done", "done"]);
  });
});
