import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { EmbeddedDb } from "../../../server/embedded-db.ts";
import { openTestDb } from "../../../tests/db/test-db.ts";
import { startFakeStripe, type FakeStripe } from "../../../tests/fakes/fake-stripe.ts";
import { memoryMailer } from "../../../tests/fakes/manage-doubles.ts";
import { CANCEL_EFFECT, FIRST_FORTNIGHT_REFUND } from "../_shared/contract.ts";
import { createManageHandler } from "./handler.ts";
import { createRequestStore } from "./store.ts";
import { createStripeBilling } from "./stripe.ts";
import { runDueWork, type WorkDeps } from "./work.ts";

// A first subscription canceled within the withdrawal period ends at once with the first
// fortnight's refund, on the real table (PGlite) and the Stripe SDK against the fake Stripe; it
// shares the withdrawal's claim and idempotency keys, so a cancel and a withdrawal refund once.

const SITE = "https://castloop.test";
const SECRET = "a-test-secret-that-is-long-enough-for-hmac";

let db: EmbeddedDb;
let fake: FakeStripe;
beforeAll(async () => {
  db = await openTestDb();
  fake = await startFakeStripe();
}, 60_000);
afterAll(async () => {
  await fake?.close();
  await db?.close();
});
beforeEach(async () => {
  await db.exec("truncate private.subscription_requests, private.subscription_locks cascade");
  fake.reset();
});
afterEach(() => fake.reset());

function stack() {
  const store = createRequestStore(db);
  const mailer = memoryMailer();
  const pending: Promise<unknown>[] = [];
  const billing = createStripeBilling({
    secretKey: "sk_test_fake_cancel_window",
    apiBase: new URL(fake.url),
    planNames: new Map([["price_test_pro_fake", "Pro"]]),
    timeoutMs: 3_000,
  });
  const work: WorkDeps = {
    billing,
    mailer,
    store,
    linkSecret: SECRET,
    email: { brand: "Castloop", siteUrl: SITE, supportEmail: "support@castloop.test" },
    log: () => {},
    now: () => new Date(),
  };
  const handler = createManageHandler({
    ...work,
    siteUrl: SITE,
    allowedOrigins: [SITE],
    floorMs: 0,
    waitUntil: (job) => pending.push(job),
  });
  const post = async (body: unknown) => {
    const response = await handler(
      new Request(`${SITE}/functions/v1/manage-subscription`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: SITE },
        body: JSON.stringify(body),
      }),
    );
    while (pending.length > 0) await pending.shift();
    return response;
  };
  return { mailer, work, post };
}

const cancel = { action: "cancel", email: "ada@example.com" };
const withdraw = {
  action: "withdraw",
  name: "Ada",
  email: "ada@example.com",
  confirmTo: "ada@example.com",
};

const writes = () =>
  fake.requests
    .filter((request) => request.method !== "GET")
    .map((request) => [request.method, request.path, request.idempotencyKey]);

const claims = () =>
  db.query<{ subscription_id: string; amount: number | null }>(
    "select subscription_id, amount from private.subscription_withdrawals",
  );

describe("canceling a first subscription within the withdrawal period", () => {
  it("ends it now and refunds the larger amount, the first payment in full, with no undo link", async () => {
    const { post, mailer } = stack();
    // 10 of the period's 30 days have passed: pro rata would be $99.33 of the $149.00.
    const mine = fake.seedSubscription({ email: "ada@example.com", startedDaysAgo: 3 });
    const intent = [...fake.invoices.values()][0]?.payment_intent;
    expect((await post(cancel)).status).toBe(200);

    expect(writes()).toEqual([
      ["DELETE", `/v1/subscriptions/${mine.id}`, `withdraw/${mine.id}/cancel`],
      ["POST", "/v1/refunds", `withdraw/${intent}/refund`],
    ]);
    expect([...fake.refunds.values()].map((refund) => refund.amount)).toEqual([14_900]);
    expect(fake.subscriptions.get(mine.id)?.status).toBe("canceled");
    expect(await claims()).toEqual([{ subscription_id: mine.id, amount: 14_900 }]);
    const [mail] = mailer.sent;
    expect(mailer.sent).toHaveLength(1);
    expect(mail?.kind).toBe("cancellation");
    expect(mail?.subject).toBe("Your Castloop subscription has ended, with a refund");
    expect(mail?.text).toContain("has ended today");
    expect(mail?.text).toContain("We have refunded $149.00");
    expect(mail?.text).toContain(CANCEL_EFFECT);
    expect(mail?.text).toContain(FIRST_FORTNIGHT_REFUND);
    expect(mail?.text).not.toContain("/cancel/keep");
    const [row] = await db.query<{ status: string }>(
      "select status from private.subscription_requests",
    );
    expect(row?.status).toBe("done");
  }, 20_000);

  it("cancels at the period's end after the withdrawal period", async () => {
    const { post, mailer } = stack();
    const mine = fake.seedSubscription({ email: "ada@example.com", startedDaysAgo: 20 });
    await post(cancel);

    expect(fake.refunds.size).toBe(0);
    expect(fake.subscriptions.get(mine.id)).toMatchObject({
      status: "active",
      cancel_at_period_end: true,
    });
    expect(await claims()).toEqual([]);
    expect(mailer.sent[0]?.subject).toBe("Your Castloop subscription is canceled");
    expect(mailer.sent[0]?.text).toContain("/cancel/keep");
  });

  it("cancels a past-due subscription at the period's end, even within the period", async () => {
    const { post } = stack();
    const mine = fake.seedSubscription({
      email: "ada@example.com",
      startedDaysAgo: 3,
      status: "past_due",
    });
    await post(cancel);

    expect(fake.refunds.size).toBe(0);
    expect(fake.subscriptions.get(mine.id)?.cancel_at_period_end).toBe(true);
    expect(await claims()).toEqual([]);
  });

  it("cancels a later subscription at the period's end: only the first one's cancellation refunds", async () => {
    const { post } = stack();
    const earlier = fake.seedSubscription({ email: "ada@example.com", startedDaysAgo: 90 });
    fake.subscriptions.get(earlier.id)!.status = "canceled";
    const later = fake.seedSubscription({ email: "ada@example.com", startedDaysAgo: 3 });
    await post(cancel);

    expect(fake.refunds.size).toBe(0);
    expect(fake.subscriptions.get(later.id)?.cancel_at_period_end).toBe(true);
  });
});

describe("a cancel and a withdrawal of one first subscription", () => {
  it("refund once when the withdrawal follows the cancel", async () => {
    const { post, mailer } = stack();
    fake.seedSubscription({ email: "ada@example.com", startedDaysAgo: 3 });
    await post(cancel);
    await post(withdraw);

    expect(fake.refunds.size).toBe(1);
    expect(writes().filter(([method]) => method !== "GET")).toHaveLength(2);
    expect(mailer.sent.map((m) => m.kind)).toEqual(["cancellation", "withdrawal_receipt"]);
    const rows = await db.query<{ kind: string; status: string }>(
      "select kind, status from private.subscription_requests order by received_at",
    );
    expect(rows).toEqual([
      { kind: "cancel", status: "done" },
      { kind: "withdraw", status: "done" },
    ]);
  });

  it("refund once when the cancel follows the withdrawal", async () => {
    const { post } = stack();
    fake.seedSubscription({ email: "ada@example.com", startedDaysAgo: 3 });
    await post(withdraw);
    await post(cancel);

    expect(fake.refunds.size).toBe(1);
  });

  it("refund once when they arrive together, and again after a retry", async () => {
    const { post, work } = stack();
    const mine = fake.seedSubscription({ email: "ada@example.com", startedDaysAgo: 3 });
    const intent = [...fake.invoices.values()][0]?.payment_intent;
    // Both read the subscription as live before either ends it.
    fake.delayNext(100, 4);
    await Promise.all([post(cancel), post(withdraw)]);
    await db.query(
      `update private.subscription_requests
          set next_attempt_at = now() - interval '1 second', locked_until = null
        where status = 'pending'`,
    );
    await runDueWork(work, new Date());

    expect(fake.refunds.size).toBe(1);
    expect(writes()).toEqual([
      ["DELETE", `/v1/subscriptions/${mine.id}`, `withdraw/${mine.id}/cancel`],
      ["POST", "/v1/refunds", `withdraw/${intent}/refund`],
    ]);
  }, 20_000);
});
