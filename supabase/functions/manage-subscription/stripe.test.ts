import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeStripe, type FakeStripe } from "../../../tests/fakes/fake-stripe.ts";
import type { EmbeddedDb } from "../../../server/embedded-db.ts";
import { clearManageState } from "../../../tests/db/manage-store.ts";
import { closeSharedTestDb, sharedTestDb } from "../../../tests/db/test-db.ts";
import { memoryMailer } from "../../../tests/fakes/manage-doubles.ts";
import { BillingError } from "./billing.ts";
import { createManageHandler } from "./handler.ts";
import { createRequestStore } from "./store.ts";
import { createStripeBilling } from "./stripe.ts";

// The adapter with the real SDK against the local fake Stripe, which speaks the public API.

const SITE = "https://castloop.test";
let fake: FakeStripe;
let db: EmbeddedDb;

beforeAll(async () => {
  fake = await startFakeStripe();
  db = await sharedTestDb();
}, 60_000);
afterAll(async () => {
  await fake.close();
  await closeSharedTestDb();
});
beforeEach(async () => {
  fake.reset();
  await clearManageState(db);
});

const billing = () =>
  createStripeBilling({
    secretKey: "sk_test_fake_manage",
    apiBase: new URL(fake.url),
    planNames: new Map([["price_test_pro_fake", "Pro"]]),
    timeoutMs: 2_000,
  });

const apiCalls = () =>
  fake.requests.map((r) => `${r.method} ${r.path} ${new URLSearchParams(r.params).toString()}`);

describe("the Stripe adapter", () => {
  it("finds subscriptions by customer e-mail and reads the period from the items", async () => {
    const seeded = fake.seedSubscription({ email: "ada@example.com" });
    const [found] = await billing().findSubscriptions("ada@example.com");
    expect(found).toMatchObject({
      id: seeded.id,
      planName: "Pro",
      status: "active",
      customerEmail: "ada@example.com",
    });
    expect(found?.currentPeriodEnd?.getTime()).toBe(
      seeded.items.data[0]!.current_period_end * 1000,
    );
    expect(apiCalls()).toEqual([
      `GET /v1/customers/search ${new URLSearchParams({ query: 'email:"ada@example.com"', limit: "20" }).toString()}`,
      "GET /v1/customers email=ada%40example.com&limit=20",
      `GET /v1/subscriptions customer=${seeded.customer}&status=all&limit=20`,
    ]);
  });

  it("reads the period from the subscription in older API versions", async () => {
    const seeded = fake.seedSubscription({ email: "ada@example.com", legacyPeriods: true });
    seeded.items.data[0]!.current_period_end = 0;
    const [found] = await billing().findSubscriptions("ada@example.com");
    expect(found?.currentPeriodEnd?.getTime()).toBe(seeded.current_period_end! * 1000);
  });

  it("updates, cancels, lists invoices and refunds with the public API's calls", async () => {
    const seeded = fake.seedSubscription({ email: "ada@example.com" });
    const adapter = billing();
    await adapter.setCancelAtPeriodEnd(seeded.id, true);
    expect(fake.subscriptions.get(seeded.id)?.cancel_at_period_end).toBe(true);
    await adapter.setCancelAtPeriodEnd(seeded.id, false);
    expect(fake.subscriptions.get(seeded.id)?.cancel_at_period_end).toBe(false);
    const [invoice] = await adapter.paidInvoices(seeded.id);
    expect(invoice).toMatchObject({ amountPaid: 14_900, currency: "usd" });
    // The current API names the payment intent only in the invoice's expanded payments.
    expect(invoice?.paymentIntent).toBe([...fake.invoices.values()][0]?.payment_intent);
    expect(invoice?.paymentIntent).toMatch(/^pi_/);
    await adapter.cancelNow(seeded.id);
    expect(fake.subscriptions.get(seeded.id)?.status).toBe("canceled");
    await adapter.refund(invoice!.paymentIntent!, 5_000, "test-refund-key");
    expect([...fake.refunds.values()]).toMatchObject([
      { payment_intent: invoice!.paymentIntent, amount: 5_000 },
    ]);
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `POST /v1/subscriptions/${seeded.id}`,
      `POST /v1/subscriptions/${seeded.id}`,
      "GET /v1/invoices",
      `DELETE /v1/subscriptions/${seeded.id}`,
      "POST /v1/refunds",
    ]);
    expect(fake.requests[0]?.params).toEqual({ cancel_at_period_end: "true" });
    expect(fake.requests[4]?.params).toEqual({
      payment_intent: invoice!.paymentIntent,
      amount: "5000",
    });
  });

  it("finds Jane@Example.com when jane@example.com is typed, through search", async () => {
    // The stand-in's list is exact, as Stripe's is: only the search finds this spelling.
    const seeded = fake.seedSubscription({ email: "Jane@Example.com" });
    const found = await billing().findSubscriptions("jane@example.com");
    expect(found.map((s) => [s.id, s.customerEmail])).toEqual([[seeded.id, "Jane@Example.com"]]);
    const lists = apiCalls().filter((call) => call.startsWith("GET /v1/customers "));
    expect(lists).toEqual(["GET /v1/customers email=jane%40example.com&limit=20"]);
  });

  it("still finds a lower-case address through list when search is refused", async () => {
    const seeded = fake.seedSubscription({ email: "grace@example.com" });
    fake.failNext({ type: "invalid_request_error", status: 400, message: "search is off" });
    const found = await billing().findSubscriptions("Grace@Example.com");
    expect(found.map((s) => s.id)).toEqual([seeded.id]);
    expect(apiCalls()).toContain("GET /v1/customers email=grace%40example.com&limit=20");
  });

  it("finds Jane@Example.com typed in lower case when search is refused or missing", async () => {
    for (const refusal of [
      { type: "invalid_request_error", status: 400, message: "search is off" },
      { type: "invalid_request_error", status: 404, message: "Unrecognized request URL" },
      { type: "permission_error", status: 403, message: "This key cannot search" },
    ] as const) {
      fake.reset();
      for (let index = 0; index < 30; index += 1) {
        fake.seedSubscription({ email: `someone${index}@example.com` });
      }
      const seeded = fake.seedSubscription({ email: "Jane@Example.com" });
      fake.failNext(refusal);
      const found = await billing().findSubscriptions("jane@example.com");
      expect(
        found.map((s) => [s.id, s.customerEmail]),
        refusal.message,
      ).toEqual([[seeded.id, "Jane@Example.com"]]);
      // Only Jane's subscriptions are read, never the other customers'.
      expect(apiCalls().filter((call) => call.startsWith("GET /v1/subscriptions "))).toHaveLength(
        1,
      );
    }
  });

  it("the fake, like Stripe, lists every status but canceled when none is asked for", async () => {
    const statuses = [
      "active",
      "trialing",
      "past_due",
      "unpaid",
      "incomplete",
      "canceled",
    ] as const;
    for (const status of statuses) fake.seedSubscription({ email: "ada@example.com", status });
    const response = await fetch(`${fake.url}/v1/subscriptions`, {
      headers: { authorization: "Bearer sk_test_fake_manage" },
    });
    const listed = (await response.json()) as { data: { status: string }[] };
    expect(listed.data.map((s) => s.status).sort()).toEqual(
      statuses.filter((status) => status !== "canceled").sort(),
    );
  });

  it("reads each customer once, however many look-ups found it", async () => {
    const seeded = fake.seedSubscription({ email: "ada@example.com" });
    const found = await billing().findSubscriptions("Ada@Example.com", [
      { id: seeded.customer, email: "ada@example.com" },
    ]);
    expect(found.map((s) => s.id)).toEqual([seeded.id]);
    expect(apiCalls().filter((call) => call.startsWith("GET /v1/subscriptions "))).toHaveLength(1);
  });

  it("includes a customer the mirror knows, which Stripe's look-ups miss", async () => {
    const seeded = fake.seedSubscription({ email: "Jane@Example.com" });
    fake.failNext({ type: "invalid_request_error", status: 400, message: "search is off" });
    const found = await billing().findSubscriptions("jane@example.com", [
      { id: seeded.customer, email: "Jane@Example.com" },
    ]);
    expect(found.map((s) => [s.id, s.customerEmail])).toEqual([[seeded.id, "Jane@Example.com"]]);
  });

  it("never takes another tag of the address for it", async () => {
    fake.seedSubscription({ email: "jane+podcast@example.com" });
    expect(await billing().findSubscriptions("jane@example.com")).toEqual([]);
  });

  it("never reads the subscriptions of a customer under another address", async () => {
    // An API that ignores the e-mail filter and lists every customer.
    const server = createServer((req, res) => {
      const url = new URL(req.url ?? "/", "http://x");
      const list = (data: unknown[]) => ({
        object: "list",
        has_more: false,
        url: url.pathname,
        data,
      });
      const body =
        url.pathname === "/v1/customers"
          ? list([
              { id: "cus_ada", object: "customer", email: "Ada@Example.com" },
              { id: "cus_grace", object: "customer", email: "grace@example.com" },
            ])
          : list([]);
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const seen: string[] = [];
    server.on("request", (req: IncomingMessage) => seen.push(req.url ?? ""));
    try {
      const { port } = server.address() as AddressInfo;
      await createStripeBilling({
        secretKey: "sk_test_fake_manage",
        apiBase: new URL(`http://127.0.0.1:${port}`),
        planNames: new Map(),
        timeoutMs: 2_000,
      }).findSubscriptions("ada@example.com");
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    expect(seen.filter((url) => url.startsWith("/v1/subscriptions"))).toEqual([
      "/v1/subscriptions?customer=cus_ada&status=all&limit=20",
    ]);
  });

  it("tells an ended subscription from an unavailable Stripe", async () => {
    const seeded = fake.seedSubscription({ email: "ada@example.com", status: "canceled" });
    await expect(billing().setCancelAtPeriodEnd(seeded.id, false)).rejects.toMatchObject({
      kind: "not_changeable",
    });
    fake.failNext({ type: "api_error", shouldRetry: false });
    const error = await billing()
      .findSubscriptions("ada@example.com")
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BillingError);
    expect(error).toMatchObject({ kind: "unavailable" });
  });
});

describe("the handler on the fake Stripe", () => {
  it("sets cancel_at_period_end for the matching subscription only", async () => {
    const mine = fake.seedSubscription({ email: "ada@example.com" });
    const theirs = fake.seedSubscription({ email: "grace@example.com" });
    const mailer = memoryMailer();
    const pending: Promise<unknown>[] = [];
    const handler = createManageHandler({
      billing: billing(),
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
    const response = await handler(
      new Request(`${SITE}/functions/v1/manage-subscription`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: SITE },
        body: JSON.stringify({ action: "cancel", email: "ada@example.com" }),
      }),
    );
    expect(response.status).toBe(200);
    await Promise.all(pending);
    const updates = fake.requests.filter((r) => r.method === "POST");
    expect(updates.map((r) => [r.path, r.params])).toEqual([
      [`/v1/subscriptions/${mine.id}`, { cancel_at_period_end: "true" }],
    ]);
    expect(fake.subscriptions.get(theirs.id)?.cancel_at_period_end).toBe(false);
    expect(mailer.sent[0]?.text).toContain(
      new Intl.DateTimeFormat("en-GB", {
        day: "numeric",
        month: "long",
        year: "numeric",
        timeZone: "UTC",
      }).format(new Date(mine.items.data[0]!.current_period_end * 1000)),
    );
  });
});
