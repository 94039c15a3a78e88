import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { EmbeddedDb } from "../../../server/embedded-db.ts";
import { openTestDb } from "../../../tests/db/test-db.ts";
import { startFakeStripe, type FakeStripe } from "../../../tests/fakes/fake-stripe.ts";
import { memoryMailer } from "../../../tests/fakes/manage-doubles.ts";
import { createManageHandler } from "./handler.ts";
import { createRequestStore, LeaseLostError, MAX_ATTEMPTS, type RequestStore } from "./store.ts";
import { createStripeBilling } from "./stripe.ts";
import { runDueWork, runRequest, type WorkDeps } from "./work.ts";

// Requests that race each other, on the real table (PGlite, with the migrations) and the Stripe
// SDK against the fake Stripe: two withdrawals of one subscription, two workers on one request.

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
  const logs: string[] = [];
  const pending: Promise<unknown>[] = [];
  const billing = createStripeBilling({
    secretKey: "sk_test_fake_concurrency",
    apiBase: new URL(fake.url),
    planNames: new Map([["price_test_pro_fake", "Pro"]]),
    timeoutMs: 3_000,
  });
  const email = { brand: "Castloop", siteUrl: SITE, supportEmail: "support@castloop.test" };
  const work: WorkDeps = {
    billing,
    mailer,
    store,
    linkSecret: SECRET,
    email,
    log: (line) => logs.push(line),
    now: () => new Date(),
  };
  const handler = createManageHandler({
    ...work,
    siteUrl: SITE,
    allowedOrigins: [SITE],
    floorMs: 0,
    waitUntil: (job) => pending.push(job),
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
  return { store, mailer, logs, work, post, settle };
}

/** Every pending request due now, and no lease left running. */
const allDue = () =>
  db.query(
    `update private.subscription_requests
        set next_attempt_at = now() - interval '1 second', locked_until = null
      where status = 'pending'`,
  );

const writes = () =>
  fake.requests
    .filter((request) => request.method !== "GET")
    .map((request) => [request.method, request.path, request.idempotencyKey]);

describe("two withdrawals of one subscription", () => {
  it("end it once and refund it once when they start together, and again after a retry", async () => {
    const { post, settle, work, mailer } = stack();
    const mine = fake.seedSubscription({ email: "ada@example.com", startedDaysAgo: 4 });
    const intent = [...fake.invoices.values()][0]?.payment_intent;
    const statement = { action: "withdraw", name: "Ada", email: "ada@example.com" };
    // Both read the subscription as live before either ends it.
    fake.delayNext(100, 4);
    const answers = await Promise.all([
      post({ ...statement, confirmTo: "Ada@example.com" }),
      post({ ...statement, confirmTo: "ada+two@example.com" }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    await settle();
    // Whatever is left is retried: it must not refund again.
    await allDue();
    await runDueWork(work, new Date());

    expect(writes()).toEqual([
      ["DELETE", `/v1/subscriptions/${mine.id}`, `withdraw/${mine.id}/cancel`],
      ["POST", "/v1/refunds", `withdraw/${intent}/refund`],
    ]);
    expect(fake.refunds.size).toBe(1);
    const rows = await db.query<{ status: string }>(
      "select status from private.subscription_requests order by received_at",
    );
    expect(rows.map((row) => row.status)).toEqual(["done", "done"]);
    const claims = await db.query<{ subscription_id: string; payment_intent: string }>(
      "select subscription_id, payment_intent from private.subscription_withdrawals",
    );
    expect(claims).toEqual([{ subscription_id: mine.id, payment_intent: intent }]);
    // One outcome: the request that holds the claim reports it; both statements are receipted.
    expect(mailer.sent.filter((m) => m.kind === "withdrawal_outcome")).toHaveLength(1);
    expect(mailer.sent.filter((m) => m.kind === "withdrawal_receipt")).toHaveLength(2);
    // The two take turns on the subscription, each turn several Stripe calls over HTTP.
  }, 20_000);

  it("refund once when the first one's refund failed, a second arrives, and the first is retried", async () => {
    const { post, settle, work } = stack();
    const mine = fake.seedSubscription({ email: "grace@example.com", startedDaysAgo: 2 });
    const statement = { action: "withdraw", name: "Grace", email: "grace@example.com" };
    // Customers, subscriptions, invoices and the cancel pass; the refund fails.
    fake.delayNext(0, 4);
    fake.failNext({ type: "api_error", shouldRetry: false });
    await post({ ...statement, confirmTo: "grace@example.com" });
    await settle();
    expect(fake.refunds.size).toBe(0);
    await post({ ...statement, confirmTo: "grace+again@example.com" });
    await settle();
    await allDue();
    await runDueWork(work, new Date());

    expect(fake.refunds.size).toBe(1);
    expect(fake.subscriptions.get(mine.id)?.status).toBe("canceled");
    // The retry's cancel repeats the first one's key, which Stripe answers from its record.
    expect(
      new Set(
        writes()
          .filter(([method]) => method === "DELETE")
          .map(([, , key]) => key),
      ),
    ).toEqual(new Set([`withdraw/${mine.id}/cancel`]));
    const rows = await db.query<{ status: string; attempts: number }>(
      "select status, attempts from private.subscription_requests order by received_at",
    );
    expect(rows).toEqual([
      { status: "done", attempts: 1 },
      { status: "done", attempts: 0 },
    ]);
  });

  it("leave a withdrawal whose only subscription ended another way to a person", async () => {
    const { post, settle, logs } = stack();
    const ended = fake.seedSubscription({ email: "lin@example.com", startedDaysAgo: 3 });
    fake.subscriptions.get(ended.id)!.status = "canceled";
    await post({
      action: "withdraw",
      name: "Lin",
      email: "lin@example.com",
      confirmTo: "lin@example.com",
    });
    await settle();

    const [row] = await db.query<{ status: string; queued: string | null }>(
      "select status, outcome ->> 'queued' as queued from private.subscription_requests",
    );
    expect(row).toEqual({ status: "operator", queued: "no_match" });
    expect(fake.refunds.size).toBe(0);
    expect(logs.some((line) => line.includes('"reason":"no_match"'))).toBe(true);
  });

  it("count a lease that ran out as an attempt, and give up on a request whose workers keep dying", async () => {
    const { work } = stack();
    const store = createRequestStore(db);
    // Recorded with a lease, as the handler records it; its worker then dies each time.
    await store.record({ kind: "cancel", email: "kai@example.com" });
    for (let died = 1; died < MAX_ATTEMPTS; died += 1) {
      await db.exec(
        "update private.subscription_requests set locked_until = now() - interval '1 second', next_attempt_at = now() - interval '1 second'",
      );
      const [claimed] = await store.claimDue(1);
      expect(claimed?.attempts).toBe(died);
    }
    await db.exec(
      "update private.subscription_requests set locked_until = now() - interval '1 second', next_attempt_at = now() - interval '1 second'",
    );
    expect(await runDueWork(work, new Date())).toBe(1);
    const [row] = await db.query<{ status: string; last_error: string }>(
      "select status, last_error from private.subscription_requests",
    );
    expect(row).toEqual({ status: "failed", last_error: "abandoned" });
    expect(fake.requests).toHaveLength(0);
  });

  it("take the claim once per subscription and once per payment, in one statement", async () => {
    const store = createRequestStore(db);
    const first = await store.record({ kind: "withdraw", email: "ada@example.com" });
    const second = await store.record({ kind: "withdraw", email: "ada@example.com" });
    const planned = { paymentIntent: "pi_1", amount: 1_000, currency: "usd" };
    const taken = await Promise.all([
      store.claimWithdrawal(first, "sub_1", planned),
      store.claimWithdrawal(second, "sub_1", planned),
    ]);
    expect(taken.filter(Boolean)).toHaveLength(1);
    const holder = taken[0] ? first : second;
    const other = taken[0] ? second : first;
    // The holder's retry still holds it; the other never does.
    expect(await store.claimWithdrawal(holder, "sub_1", planned)).toBe(true);
    expect(await store.claimWithdrawal(other, "sub_1", planned)).toBe(false);
    // The same payment is not refunded for another subscription.
    expect(await store.claimWithdrawal(other, "sub_2", planned)).toBe(false);
    // A refund a person works out claims the subscription alone.
    expect(await store.claimWithdrawal(other, "sub_3", { operator: "more than one payment" })).toBe(
      true,
    );
  });
});

describe("a request retried by two workers", () => {
  async function dueRequest(store: RequestStore) {
    const row = await store.record({ kind: "cancel", email: "ada@example.com" });
    expect(await store.failAttempt(row, "billing_unavailable")).toBe("pending");
    await allDue();
    return row;
  }

  it("is claimed by one of them only", async () => {
    const workers = [createRequestStore(db), createRequestStore(db)];
    const row = await dueRequest(workers[0]!);
    const claims = await Promise.all(workers.map((worker) => worker.claimDue(10)));
    const holders = claims.filter((rows) => rows.some((claimed) => claimed.id === row.id));
    expect(holders).toHaveLength(1);
    expect(holders[0]?.[0]?.lease_owner).toMatch(/^[0-9a-f-]{36}$/);
    expect(holders[0]?.[0]?.lease_owner).not.toBe(row.lease_owner);
  });

  it("lets a stale holder write nothing once another has taken it", async () => {
    const store = createRequestStore(db);
    const row = await dueRequest(store);
    const [stale] = await store.claimDue(10);
    // The stale holder's lease runs out, and another worker takes the request.
    await allDue();
    const [fresh] = await store.claimDue(10);
    expect(fresh?.id).toBe(row.id);
    expect(fresh?.lease_owner).not.toBe(stale?.lease_owner);

    const outcome = { subscriptions: [], stripeDone: true };
    expect(await store.finish(stale!, "done", outcome, "outbox-stale")).toBe(false);
    await expect(store.saveProgress(stale!, outcome)).rejects.toBeInstanceOf(LeaseLostError);
    await expect(store.setAck(stale!, "outbox-stale")).rejects.toBeInstanceOf(LeaseLostError);
    expect(await store.failAttempt(stale!, "billing_unavailable")).toBe("lease_lost");
    expect(await store.giveUp(stale!, "keep_interrupted")).toBe(false);
    const [untouched] = await db.query<{ status: string; attempts: number; email_outbox_id: null }>(
      "select status, attempts, email_outbox_id from private.subscription_requests where id = $1",
      [row.id],
    );
    // One failed attempt, and the stale holder's lease that ran out.
    expect(untouched).toEqual({ status: "pending", attempts: 2, email_outbox_id: null });

    expect(await store.finish(fresh!, "done", outcome, "outbox-fresh")).toBe(true);
    const [done] = await db.query<{ status: string; email_outbox_id: string }>(
      "select status, email_outbox_id from private.subscription_requests where id = $1",
      [row.id],
    );
    expect(done).toEqual({ status: "done", email_outbox_id: "outbox-fresh" });
  });

  it("stops a stale holder's work before its e-mail, and logs it", async () => {
    const { work, mailer, logs } = stack();
    fake.seedSubscription({ email: "ada@example.com" });
    const store = work.store;
    const row = await dueRequest(store);
    const [stale] = await store.claimDue(10);
    await allDue();
    await store.claimDue(10);
    await runRequest(work, stale!);
    expect(mailer.sent).toEqual([]);
    expect(logs.map((line) => JSON.parse(line).event)).toContain("manage_request_lease_lost");
    const [untouched] = await db.query<{ attempts: number }>(
      "select attempts from private.subscription_requests where id = $1",
      [row.id],
    );
    // The failed attempt and the stale lease, and nothing the stale holder would add.
    expect(untouched?.attempts).toBe(2);
  });
});

describe("the latest cancellation of a subscription", () => {
  it("is the last request whose outcome canceled it at period end", async () => {
    const store = createRequestStore(db);
    const cancel = (id: string, action: "cancel_at_period_end" | "canceled_now") => ({
      subscriptions: [{ id, action }],
    });
    const first = await store.record({ kind: "cancel", email: "ada@example.com" });
    await store.saveProgress(first, cancel("sub_1", "cancel_at_period_end"));
    expect(await store.latestCancellation("sub_1")).toBe(first.id);
    const second = await store.record({ kind: "withdraw", email: "ada@example.com" });
    await store.saveProgress(second, cancel("sub_1", "cancel_at_period_end"));
    expect(await store.latestCancellation("sub_1")).toBe(second.id);
    // A withdrawal that ended it at once, and a keep, are not cancellations at period end.
    const ended = await store.record({ kind: "withdraw", email: "ada@example.com" });
    await store.saveProgress(ended, cancel("sub_1", "canceled_now"));
    await store.record({ kind: "keep", subscriptionId: "sub_1" });
    expect(await store.latestCancellation("sub_1")).toBe(second.id);
    expect(await store.latestCancellation("sub_2")).toBeNull();
  });
});

describe("a request whose e-mail was written but whose end was not", () => {
  it("is retried without e-mailing the customer twice", async () => {
    fake.seedSubscription({ email: "twice@example.com", startedDaysAgo: 40 });
    const { store, mailer, work } = stack();
    let blips = 1;
    const flaky: RequestStore = {
      ...store,
      async finish(...args) {
        if (blips > 0) {
          blips -= 1;
          throw Object.assign(new Error("connection reset"), { code: "ECONNRESET" });
        }
        return store.finish(...args);
      },
    };
    const retrying = { ...work, store: flaky };
    await runRequest(retrying, await store.record({ kind: "cancel", email: "twice@example.com" }));
    await allDue();
    await runDueWork(retrying, new Date());
    const [row] = await db.query<{ status: string }>(
      "select status from private.subscription_requests where kind = 'cancel'",
    );
    expect(row?.status).toBe("done");
    expect(mailer.sent.filter((message) => message.kind === "cancellation")).toHaveLength(1);
  });
});
