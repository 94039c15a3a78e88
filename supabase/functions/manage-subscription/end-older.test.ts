import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { EmbeddedDb } from "../../../server/embedded-db.ts";
import { closeSharedTestDb, sharedTestDb } from "../../../tests/db/test-db.ts";
import { memoryBilling, memoryLimiter, memoryMailer } from "../../../tests/fakes/manage-doubles.ts";
import { END_OLDER_ANSWER } from "../_shared/contract.ts";
import { planLinkExpiry, signPlanLink } from "../_shared/plan-link.ts";
import { BillingError } from "./billing.ts";
import { endOlderRefund, resumeEndOlder } from "./end-older.ts";
import { createManageHandler } from "./handler.ts";
import { createEndOlderUses, createMemoryPlanLinkStore } from "./plan-link-store.ts";
import { createRequestStore } from "./store.ts";
import { unusedPart, withdrawalRefund } from "./work.ts";

const SITE = "https://castloop.test";
const ENDPOINT = "https://fn.castloop.test/functions/v1/manage-subscription";
const SECRET = "a-test-secret-that-is-long-enough-for-hmac";
const DAY = 24 * 60 * 60 * 1000;

describe("unusedPart, the one pro-rata rule", () => {
  const start = new Date("2026-11-01T00:00:00Z");
  const end = new Date("2026-12-01T00:00:00Z");
  it("is the payment less the share of the period that had passed", () => {
    expect(unusedPart(14_900, start, end, new Date("2026-11-16T00:00:00Z"))).toBe(7_450);
    expect(unusedPart(14_900, start, end, new Date("2026-11-11T00:00:00Z"))).toBe(9_933);
    expect(unusedPart(14_900, start, end, start)).toBe(14_900);
  });
  it("never goes below nothing or above the payment, nor divides by an empty period", () => {
    expect(unusedPart(14_900, start, end, new Date("2026-10-01T00:00:00Z"))).toBe(14_900);
    expect(unusedPart(14_900, start, end, new Date("2027-01-01T00:00:00Z"))).toBe(0);
    expect(unusedPart(14_900, end, start, start)).toBe(0);
  });
  it("is what a withdrawal of a later subscription refunds, and what ending an older one does", async () => {
    const billing = memoryBilling();
    const subscription = billing.add({ customerEmail: "jane@example.com" });
    const at = new Date();
    const expected = unusedPart(
      14_900,
      subscription.currentPeriodStart ?? at,
      subscription.currentPeriodEnd ?? at,
      at,
    );
    expect(await withdrawalRefund(billing, subscription, at)).toMatchObject({ amount: expected });
    expect(await endOlderRefund(billing, subscription, at)).toMatchObject({ amount: expected });
  });
});

describe("end_older", () => {
  let db: EmbeddedDb;
  beforeAll(async () => {
    db = await sharedTestDb();
  }, 60_000);
  afterAll(() => closeSharedTestDb());
  beforeEach(async () => {
    await db.exec("truncate private.plan_link_uses, private.subscription_locks");
  });

  function setup() {
    const billing = memoryBilling();
    const keys: string[] = [];
    let refundFailures = 0;
    const refund = billing.refund.bind(billing);
    billing.refund = async (paymentIntent, amount, key) => {
      keys.push(key);
      if (refundFailures > 0) {
        refundFailures -= 1;
        throw new BillingError("unavailable", { stripeType: "api_error" });
      }
      return await refund(paymentIntent, amount, key);
    };
    const cancelNow = billing.cancelNow.bind(billing);
    billing.cancelNow = async (id, key) => {
      keys.push(key ?? "");
      await cancelNow(id, key);
    };
    const logs: string[] = [];
    const store = createRequestStore(db);
    const uses = createEndOlderUses(db);
    const handler = createManageHandler({
      billing,
      mailer: memoryMailer(),
      store,
      linkSecret: SECRET,
      siteUrl: SITE,
      allowedOrigins: [SITE],
      email: { brand: "Castloop", siteUrl: SITE, supportEmail: "support@castloop.test" },
      log: (line) => logs.push(line),
      floorMs: 0,
      perClient: memoryLimiter(100),
      planLinks: createMemoryPlanLinkStore(),
      endOlderUses: uses,
    });
    const older = billing.add({ customerEmail: "jane@example.com", planName: "Pro" });
    const failRefundOnce = () => {
      refundFailures += 1;
    };
    return { handler, billing, older, keys, logs, uses, store, failRefundOnce };
  }

  const sign = (purpose: "end-older" | "change-plan", subscription: string, customer: string) =>
    signPlanLink(SECRET, purpose, subscription, customer, planLinkExpiry(new Date()));
  const post = (fields: Record<string, string>, form = true) =>
    new Request(ENDPOINT, {
      method: "POST",
      headers: {
        "content-type": form ? "application/x-www-form-urlencoded" : "application/json",
        origin: SITE,
      },
      body: form ? new URLSearchParams(fields).toString() : JSON.stringify(fields),
    });
  const ops = (calls: { op: string }[]) => calls.map((call) => call.op);

  it("ends the older subscription and refunds its unused part, once, from a plain form", async () => {
    const { handler, billing, older, keys } = setup();
    const token = await sign("end-older", older.id, older.customerId);
    const answer = await handler(post({ action: "end_older", token }));
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe(`${SITE}/change-plan/ended`);
    expect(billing.subscriptions.get(older.id)?.status).toBe("canceled");
    expect(ops(billing.calls)).toEqual(["retrieve", "invoices", "cancel", "refund"]);
    const refund = billing.calls.find((call) => call.op === "refund");
    // Twenty of thirty days were left: two thirds of $149, to the cent.
    expect(refund).toMatchObject({ op: "refund", amount: 9_933 });
    expect(keys).toEqual([`end-older/${older.id}/cancel`, `end-older/${older.id}/refund`]);

    // The same link again, from the e-mail or a copy: refused, nothing called.
    const replay = await handler(post({ action: "end_older", token }));
    expect(replay.headers.get("location")).toBe(`${SITE}/change-plan/ended#error-end_link_used`);
    const json = await handler(post({ action: "end_older", token }, false));
    expect([json.status, (await json.json()).code]).toEqual([410, "end_link_used"]);
    expect(ops(billing.calls)).toEqual(["retrieve", "invoices", "cancel", "refund"]);
  });

  it("refunds the address's first subscription in its first fortnight as canceling it would", async () => {
    const { handler, billing } = setup();
    // Setup's subscription is under another address: this one is its address's first.
    const now = Date.now();
    const first = billing.add({
      customerEmail: "sam@example.com",
      planName: "Pro",
      startedAt: new Date(now - 3 * DAY),
      currentPeriodStart: new Date(now - 3 * DAY),
      currentPeriodEnd: new Date(now + 27 * DAY),
    });
    // The newer subscription whose confirmation offered the link, under the same address.
    billing.add({ customerEmail: "Sam@Example.com", planName: "Expert", startedAt: new Date() });
    const token = await sign("end-older", first.id, first.customerId);
    await handler(post({ action: "end_older", token }));
    // A tenth of the period had passed: the first payment in full is the larger.
    expect(billing.calls.find((call) => call.op === "refund")).toMatchObject({ amount: 14_900 });
  });

  it("refunds only the unused part of a later subscription in its first fortnight", async () => {
    const { handler, billing } = setup();
    const now = Date.now();
    billing.add({ customerEmail: "lee@example.com", startedAt: new Date(now - 400 * DAY) });
    billing.subscriptions.forEach((s) => {
      if (s.customerEmail === "lee@example.com") s.status = "canceled";
    });
    const later = billing.add({
      customerEmail: "lee@example.com",
      startedAt: new Date(now - 3 * DAY),
      currentPeriodStart: new Date(now - 3 * DAY),
      currentPeriodEnd: new Date(now + 27 * DAY),
    });
    const token = await sign("end-older", later.id, later.customerId);
    await handler(post({ action: "end_older", token }));
    expect(billing.calls.find((call) => call.op === "refund")).toMatchObject({ amount: 13_410 });
  });

  it("answers a script in JSON, as the other actions do", async () => {
    const { handler, older } = setup();
    const token = await sign("end-older", older.id, older.customerId);
    const answer = await handler(post({ action: "end_older", token }, false));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ status: "ended", message: END_OLDER_ANSWER });
  });

  it("never takes a change-plan link for an end-older one, nor the reverse", async () => {
    const { handler, billing, older } = setup();
    const change = await sign("change-plan", older.id, older.customerId);
    const answer = await handler(post({ action: "end_older", token: change }, false));
    expect([answer.status, (await answer.json()).code]).toEqual([400, "invalid_link"]);
    const end = await sign("end-older", older.id, older.customerId);
    const portal = await handler(post({ action: "portal", token: end }, false));
    expect((await portal.json()).code).toBe("not_configured");
    expect(billing.calls).toEqual([]);
  });

  it("refuses a link whose customer is not the subscription's, and gives it back", async () => {
    const { handler, billing, older, uses } = setup();
    const token = await sign("end-older", older.id, "cus_someone-else");
    const answer = await handler(post({ action: "end_older", token }, false));
    expect([answer.status, (await answer.json()).code]).toEqual([400, "invalid_link"]);
    expect(billing.subscriptions.get(older.id)?.status).toBe("active");
    expect(await uses.due(10, new Date(Date.now() + DAY))).toEqual([]);
  });

  it("ends nothing and refunds nothing when the older one has already ended", async () => {
    const { handler, billing, older } = setup();
    billing.subscriptions.get(older.id)!.status = "canceled";
    const token = await sign("end-older", older.id, older.customerId);
    const answer = await handler(post({ action: "end_older", token }));
    expect(answer.headers.get("location")).toBe(
      `${SITE}/change-plan/ended#error-older_already_ended`,
    );
    expect(ops(billing.calls)).toEqual(["retrieve"]);
  });

  it("after a Stripe fault midway, the job runner finishes it with the same keys, once", async () => {
    const { handler, billing, older, keys, uses, store, logs, failRefundOnce } = setup();
    failRefundOnce();
    const token = await sign("end-older", older.id, older.customerId);
    const answer = await handler(post({ action: "end_older", token }, false));
    expect(answer.status).toBe(202);
    expect((await answer.json()).status).toBe("pending");
    // Ended, not yet refunded; the refund planned is saved.
    expect(billing.subscriptions.get(older.id)?.status).toBe("canceled");
    expect(ops(billing.calls)).toEqual(["retrieve", "invoices", "cancel"]);
    expect(logs.some((line) => line.includes("manage_end_older_retry"))).toBe(true);

    const deps = {
      billing,
      uses,
      store,
      linkSecret: SECRET,
      log: () => {},
      now: () => new Date(),
    };
    // Not due before its wait is over.
    expect(await resumeEndOlder(deps, new Date())).toBe(0);
    const later = new Date(Date.now() + 10 * 60 * 1000);
    expect(await resumeEndOlder(deps, later)).toBe(1);
    expect(ops(billing.calls)).toEqual(["retrieve", "invoices", "cancel", "refund"]);
    expect(billing.calls.at(-1)).toMatchObject({ op: "refund", amount: 9_933 });
    expect(keys).toEqual([
      `end-older/${older.id}/cancel`,
      `end-older/${older.id}/refund`,
      `end-older/${older.id}/refund`,
    ]);
    // Done: a second run, and the link, do nothing more.
    expect(await resumeEndOlder(deps, later)).toBe(0);
    const replay = await handler(post({ action: "end_older", token }, false));
    expect((await replay.json()).code).toBe("end_link_used");
    expect(ops(billing.calls)).toHaveLength(4);
  });

  it("refuses an expired, a forged and a cut-short link", async () => {
    const { handler, billing, older } = setup();
    const expired = await signPlanLink(
      SECRET,
      "end-older",
      older.id,
      older.customerId,
      planLinkExpiry(new Date(Date.now() - 25 * 60 * 60 * 1000)),
    );
    const forged = await signPlanLink(
      `${SECRET}-not-ours`,
      "end-older",
      older.id,
      older.customerId,
      planLinkExpiry(new Date()),
    );
    const cases: [string, number, string][] = [
      [expired, 410, "end_link_expired"],
      [forged, 400, "invalid_link"],
      [forged.slice(0, 30), 400, "invalid_token"],
    ];
    for (const [token, status, code] of cases) {
      const answer = await handler(post({ action: "end_older", token }, false));
      expect([answer.status, (await answer.json()).code]).toEqual([status, code]);
    }
    expect(billing.calls).toEqual([]);
  });
});
