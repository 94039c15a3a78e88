import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { EmbeddedDb } from "../../../server/embedded-db.ts";
import { clearManageState, testRequestStore } from "../../../tests/db/manage-store.ts";
import { closeSharedTestDb, sharedTestDb } from "../../../tests/db/test-db.ts";
import { memoryBilling, memoryLimiter, memoryMailer } from "../../../tests/fakes/manage-doubles.ts";
import {
  CANCEL_ANSWER,
  createManageHandler,
  KEEP_ANSWER,
  MESSAGES,
  WITHDRAW_ANSWER,
} from "./handler.ts";
import { keepLinkExpiry, signKeepToken } from "./link-token.ts";
import { runDueWork } from "./work.ts";

const SITE = "https://castloop.test";
const ENDPOINT = "https://fn.castloop.test/functions/v1/manage-subscription";
const SECRET = "a-test-secret-that-is-long-enough-for-hmac";
const DAY = 24 * 60 * 60 * 1000;
/** Past every retry's wait: what a failed request's next attempt sees. */
const later = () => new Date(Date.now() + DAY);

// The real request store on PGlite, emptied before each test.
let db: EmbeddedDb;
beforeAll(async () => {
  db = await sharedTestDb();
}, 60_000);
beforeEach(() => clearManageState(db));
afterAll(() => closeSharedTestDb());

function setup(
  options: {
    floorMs?: number;
    sleep?: (ms: number) => Promise<void>;
    perClient?: number;
    allowedOrigins?: string[];
  } = {},
) {
  const billing = memoryBilling();
  const mailer = memoryMailer();
  const store = testRequestStore(db);
  const logs: string[] = [];
  const pending: Promise<unknown>[] = [];
  const deps = {
    billing,
    mailer,
    store,
    linkSecret: SECRET,
    siteUrl: SITE,
    allowedOrigins: options.allowedOrigins ?? [SITE],
    email: { brand: "Castloop", siteUrl: SITE, supportEmail: "support@castloop.test" },
    log: (line: string) => logs.push(line),
    floorMs: options.floorMs ?? 0,
    sleep: options.sleep,
    waitUntil: (work: Promise<unknown>) => pending.push(work),
    perClient: options.perClient === undefined ? undefined : memoryLimiter(options.perClient),
  };
  const handler = createManageHandler(deps);
  const settle = async () => {
    while (pending.length > 0) await pending.shift();
  };
  const work = {
    billing,
    mailer,
    store,
    linkSecret: SECRET,
    email: deps.email,
    log: deps.log,
    now: () => new Date(),
  };
  return { handler, billing, mailer, store, logs, settle, work };
}

function postJson(body: unknown, headers: Record<string, string> = {}) {
  return new Request(ENDPOINT, {
    method: "POST",
    headers: { "content-type": "application/json", origin: SITE, ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

function postForm(fields: Record<string, string> | string, headers: Record<string, string> = {}) {
  return new Request(ENDPOINT, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: SITE, ...headers },
    body: typeof fields === "string" ? fields : new URLSearchParams(fields).toString(),
  });
}

describe("cancel", () => {
  it("sets cancel_at_period_end on the matching subscription only, and e-mails the details", async () => {
    const { handler, billing, mailer, store, settle } = setup();
    const mine = billing.add({ customerEmail: "ada@example.com" });
    const other = billing.add({ customerEmail: "grace@example.com" });
    const response = await handler(postJson({ action: "cancel", email: "ada@example.com" }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "received", message: CANCEL_ANSWER });
    await settle();

    expect(billing.calls.filter((c) => c.op === "update")).toEqual([
      { op: "update", id: mine.id, value: true },
    ]);
    expect(billing.subscriptions.get(other.id)?.cancelAtPeriodEnd).toBe(false);
    expect(mailer.sent).toHaveLength(1);
    const [mail] = mailer.sent;
    expect(mail?.to).toBe("ada@example.com");
    expect(mail?.kind).toBe("cancellation");
    expect(mail?.text).toContain(mine.id);
    expect(mail?.text).toMatch(/the last day you have paid for/);
    expect(mail?.text).toContain(`${SITE}/cancel/keep?token=`);
    expect(mail?.html).toContain("Keep my subscription");
    const [row] = await store.rows();
    expect(row).toMatchObject({ kind: "cancel", status: "done", email_outbox_id: "outbox-1" });
  });

  it("writes cancel_at_period_end even when it reads the subscription as already ending", async () => {
    const { handler, billing, settle } = setup();
    const mine = billing.add({ customerEmail: "ada@example.com", cancelAtPeriodEnd: true });
    await handler(postJson({ action: "cancel", email: "ada@example.com" }));
    await settle();
    // A keep may have landed since the read: the write is never skipped.
    expect(billing.calls.filter((c) => c.op === "update")).toEqual([
      { op: "update", id: mine.id, value: true },
    ]);
  });

  it("sends no cancellation or undo link for a subscription a withdrawal sent with it ends", async () => {
    const { handler, billing, mailer, settle, work } = setup();
    // An earlier, ended subscription: this one is not the first, so its cancellation waits for
    // the period's end (a first one's would end it as the withdrawal does: cancel-window.test.ts).
    billing.add({
      customerEmail: "ada@example.com",
      status: "canceled",
      startedAt: new Date(Date.now() - 90 * DAY),
    });
    const mine = billing.add({
      customerEmail: "ada@example.com",
      startedAt: new Date(Date.now() - 2 * DAY),
    });
    await Promise.all([
      handler(postJson({ action: "cancel", email: "ada@example.com" })),
      handler(
        postJson({
          action: "withdraw",
          name: "Ada",
          email: "ada@example.com",
          confirmTo: "ada@example.com",
        }),
      ),
    ]);
    await settle();
    await runDueWork(work, later());
    expect(billing.subscriptions.get(mine.id)?.status).toBe("canceled");
    expect(mailer.sent.map((m) => m.kind).sort()).toEqual([
      "withdrawal_outcome",
      "withdrawal_receipt",
    ]);
    expect(mailer.sent.some((m) => m.text.includes("/cancel/keep"))).toBe(false);
  });

  it("answers an address without a subscription identically, and e-mails it only its receipt", async () => {
    const { handler, billing, mailer, settle } = setup();
    billing.add({ customerEmail: "ada@example.com" });
    const known = await handler(postJson({ action: "cancel", email: "ada@example.com" }));
    const unknown = await handler(postJson({ action: "cancel", email: "nobody@example.com" }));
    await settle();
    expect(unknown.status).toBe(known.status);
    expect(await unknown.text()).toBe(await known.text());
    expect([...unknown.headers]).toEqual([...known.headers]);
    // The two requests' work runs side by side: compare in a fixed order.
    expect(mailer.sent.map((m) => [m.kind, m.to]).sort()).toEqual([
      ["cancellation", "ada@example.com"],
      ["cancellation_unmatched", "nobody@example.com"],
    ]);
    const receipt = mailer.sent.find((m) => m.kind === "cancellation_unmatched");
    expect(receipt?.text).not.toContain("/cancel/keep");
    // Another address's subscription may still charge: the receipt promises nothing of it.
    expect(receipt?.text).not.toMatch(/nothing will be charged/i);
    expect(receipt?.text).toContain("this request canceled nothing");
  });

  it("answers at the same moment whether or not Stripe has work to do", async () => {
    // The clock moves only when the test moves it, and the floor's sleep notes the moment it
    // waits for, so what is compared is where the handler puts the answer, not how fast this
    // machine ran it.
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const answeredAt: number[] = [];
      const sleep = async (ms: number) => {
        answeredAt.push(Date.now() + ms);
      };
      const { handler, billing, store, settle } = setup({ floorMs: 300, sleep });
      const mine = billing.add({ customerEmail: "ada@example.com" });
      // A customer's Stripe look-up is held until both answers have gone.
      let releaseStripe!: () => void;
      const stripeHeld = new Promise<void>((resolve) => (releaseStripe = resolve));
      const find = billing.findSubscriptions.bind(billing);
      billing.findSubscriptions = async (email) => {
        if (email === "ada@example.com") await stripeHeld;
        return find(email);
      };
      // Recording takes 120 ms for one request and 10 ms for the other.
      const record = store.record.bind(store);
      store.record = async (request) => {
        vi.setSystemTime(Date.now() + (request.email === "ada@example.com" ? 120 : 10));
        return record(request);
      };
      const answer = async (email: string) => {
        const arrived = Date.now();
        const response = await handler(postJson({ action: "cancel", email }));
        return { status: response.status, after: answeredAt.at(-1)! - arrived };
      };
      const known = await answer("ada@example.com");
      const unknown = await answer("nobody@example.com");
      expect(known).toEqual({ status: 200, after: 300 });
      expect(unknown).toEqual({ status: 200, after: 300 });
      // The customer's Stripe work was still waiting when the answer went; it finishes after.
      expect(billing.calls.filter((c) => c.op === "update")).toEqual([]);
      releaseStripe();
      await settle();
      expect(billing.calls.filter((c) => c.op === "update")).toEqual([
        { op: "update", id: mine.id, value: true },
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("never answers before the floor on the real clock", async () => {
    const { handler, billing, settle } = setup({ floorMs: 300 });
    billing.add({ customerEmail: "ada@example.com" });
    const time = async (email: string) => {
      const start = performance.now();
      await handler(postJson({ action: "cancel", email }));
      return performance.now() - start;
    };
    const known = await time("ada@example.com");
    const unknown = await time("nobody@example.com");
    await settle();
    // Date.now and timers count whole milliseconds: each may round a little early.
    expect(known).toBeGreaterThanOrEqual(295);
    expect(unknown).toBeGreaterThanOrEqual(295);
  });

  it("has written the details e-mail by the time it answers, when Stripe answers within the floor", async () => {
    const { handler, billing, mailer, settle } = setup({ floorMs: 300 });
    billing.add({ customerEmail: "ada@example.com" });
    const response = await handler(postJson({ action: "cancel", email: "ada@example.com" }));
    expect(response.status).toBe(200);
    expect(mailer.sent.map((m) => m.kind)).toEqual(["cancellation"]);
    await settle();
  });

  it("answers a plain form with a 303 to the result page", async () => {
    const { handler, settle } = setup();
    const response = await handler(postForm({ action: "cancel", email: "ada@example.com" }));
    await settle();
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`${SITE}/cancel/requested`);
  });

  it("sends a plain form's refusal back to the form, at the note that explains it", async () => {
    const { handler, store } = setup();
    const response = await handler(postForm({ action: "cancel", email: "not an address" }));
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`${SITE}/cancel#error-invalid_email`);
    expect(await store.rows()).toEqual([]);
  });

  it("keeps a request whose Stripe work failed, and finishes it on the retry", async () => {
    const { handler, billing, mailer, store, settle, work } = setup();
    const mine = billing.add({ customerEmail: "ada@example.com" });
    billing.failNext();
    await handler(postJson({ action: "cancel", email: "ada@example.com" }));
    await settle();
    const [row] = await store.rows();
    expect(row).toMatchObject({
      status: "pending",
      attempts: 1,
      last_error: "billing_unavailable",
    });
    expect(mailer.sent).toHaveLength(0);
    expect(billing.subscriptions.get(mine.id)?.cancelAtPeriodEnd).toBe(false);

    expect(await runDueWork(work, later())).toBe(1);
    expect((await store.rows())[0]?.status).toBe("done");
    expect(billing.subscriptions.get(mine.id)?.cancelAtPeriodEnd).toBe(true);
    expect(mailer.sent).toHaveLength(1);
  });

  it("keeps the request when the e-mail cannot be written, and sends it once on the retry", async () => {
    const { handler, billing, mailer, store, settle, work } = setup();
    billing.add({ customerEmail: "ada@example.com" });
    mailer.failNext();
    await handler(postJson({ action: "cancel", email: "ada@example.com" }));
    await settle();
    const [row] = await store.rows();
    expect(row?.status).toBe("pending");
    expect(row?.outcome?.stripeDone).toBe(true);
    await runDueWork(work, later());
    expect((await store.rows())[0]?.status).toBe("done");
    expect(mailer.sent).toHaveLength(1);
    // The retry resumed after the Stripe work: one update, not two.
    expect(billing.calls.filter((c) => c.op === "update")).toHaveLength(1);
  });

  it("logs no e-mail address", async () => {
    const { handler, billing, mailer, logs, settle } = setup();
    billing.add({ customerEmail: "ada@example.com" });
    mailer.failNext();
    await handler(postJson({ action: "cancel", email: "ada@example.com" }));
    await handler(postJson({ action: "cancel", email: "broken" }));
    await settle();
    expect(logs.length).toBeGreaterThan(0);
    expect(logs.join("\n")).not.toMatch(/ada@example\.com|broken/);
  });
});

describe("limits and failures", () => {
  it("records and acts on every request naming an address, however many name it", async () => {
    const { handler, billing, store, settle } = setup();
    billing.add({ customerEmail: "ada@example.com" });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const response = await handler(
        postJson({
          action: "cancel",
          email: i % 2 === 0 ? "ada@example.com" : `ada+${i}@example.com`,
        }),
        { clientIp: `192.0.2.${i + 1}` },
      );
      statuses.push(response.status);
    }
    await settle();
    expect(statuses).toEqual(Array(12).fill(200));
    expect((await store.rows()).map((row) => row.status)).toEqual(Array(12).fill("done"));
  });

  it("limits each client on its own", async () => {
    const { handler } = setup({ perClient: 2 });
    const send = (ip: string) =>
      handler(postJson({ action: "cancel", email: `x${Math.random()}@example.com` }), {
        clientIp: ip,
      });
    expect((await send("192.0.2.1")).status).toBe(200);
    expect((await send("192.0.2.1")).status).toBe(200);
    expect((await send("192.0.2.1")).status).toBe(429);
    expect((await send("192.0.2.2")).status).toBe(200);
  });

  it("counts a client's keeps apart from its cancellations, so the undo still works", async () => {
    const { handler } = setup({ perClient: 2 });
    const cancel = () =>
      handler(postJson({ action: "cancel", email: `x${Math.random()}@example.com` }), {
        clientIp: "192.0.2.1",
      });
    const keep = () =>
      handler(postJson({ action: "keep", token: "v2.sub_1.r.1797013264.forged" }), {
        clientIp: "192.0.2.1",
      });
    expect((await cancel()).status).toBe(200);
    expect((await cancel()).status).toBe(200);
    expect((await cancel()).status).toBe(429);
    // The keep's own answer (this token is forged), not the cancellations' limit.
    expect((await keep()).status).toBe(400);
    expect((await keep()).status).toBe(400);
    expect((await keep()).status).toBe(429);
  });

  it("answers 503 with Retry-After when the database is down, having done nothing", async () => {
    const { handler, billing, mailer, store, settle } = setup();
    billing.add({ customerEmail: "ada@example.com" });
    store.down = true;
    const response = await handler(postJson({ action: "cancel", email: "ada@example.com" }));
    await settle();
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("30");
    expect((await response.json()).code).toBe("database_unavailable");
    expect(billing.calls).toEqual([]);
    expect(mailer.sent).toEqual([]);
  });

  it("sends a form back to the allowed origin it was posted from", async () => {
    const local = "http://127.0.0.1:3000";
    const { handler, settle } = setup({ allowedOrigins: [SITE, local] });
    const done = await handler(
      postForm({ action: "cancel", email: "ada@example.com" }, { origin: local }),
    );
    await settle();
    expect(done.headers.get("location")).toBe(`${local}/cancel/requested`);
    const bad = await handler(postForm({ action: "cancel", email: "ada" }, { origin: local }));
    expect(bad.headers.get("location")).toBe(`${local}/cancel#error-invalid_email`);
  });

  it("refuses a form posted from another site", async () => {
    const { handler, store } = setup();
    const response = await handler(
      postForm({ action: "cancel", email: "ada@example.com" }, { origin: "https://evil.test" }),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`${SITE}/cancel#error-forbidden_origin`);
    const json = await handler(
      postJson(
        { action: "cancel", email: "a@example.com" },
        { "sec-fetch-site": "cross-site", origin: "null" },
      ),
    );
    expect(json.status).toBe(403);
    expect(await store.rows()).toEqual([]);
  });

  it.each([
    ["a missing action", { email: "ada@example.com" }, 400, "invalid_action"],
    ["an unknown action", { action: "delete", email: "ada@example.com" }, 400, "invalid_action"],
    [
      "an unknown field",
      { action: "cancel", email: "ada@example.com", admin: true },
      400,
      "unknown_field",
    ],
    ["a non-e-mail string", { action: "cancel", email: "ada at example" }, 400, "invalid_email"],
    [
      "an address with a line break",
      { action: "cancel", email: "ada@example.com\r\nBcc: x@y.z" },
      400,
      "invalid_email",
    ],
    ["a number for the address", { action: "cancel", email: 42 }, 400, "invalid_email"],
    ["an array body", [], 400, "invalid_body"],
    [
      "a name with a header injection",
      {
        action: "withdraw",
        name: "Ada\r\nBcc: all@example.com",
        email: "ada@example.com",
        confirmTo: "ada@example.com",
      },
      400,
      "invalid_name",
    ],
    [
      "a date in the future",
      {
        action: "withdraw",
        name: "Ada",
        email: "ada@example.com",
        confirmTo: "ada@example.com",
        subscribedOn: "2999-01-01",
      },
      400,
      "invalid_date",
    ],
    [
      "an unknown plan",
      {
        action: "withdraw",
        name: "Ada",
        email: "ada@example.com",
        confirmTo: "ada@example.com",
        plan: "Gold",
      },
      400,
      "invalid_plan",
    ],
    [
      "a bad confirmation address",
      { action: "withdraw", name: "Ada", email: "ada@example.com", confirmTo: "nope" },
      400,
      "invalid_confirm_to",
    ],
  ])("refuses %s with a clear code", async (_what, body, status, code) => {
    const { handler, store, billing } = setup();
    const response = await handler(postJson(body));
    expect(response.status).toBe(status);
    const answer = await response.json();
    expect(answer).toEqual({ code, error: MESSAGES[code as keyof typeof MESSAGES] });
    expect(await store.rows()).toEqual([]);
    expect(billing.calls).toEqual([]);
  });

  it("refuses invalid JSON, an oversized body, another media type and a repeated form field", async () => {
    const { handler } = setup();
    expect((await handler(postJson("{"))).status).toBe(400);
    const huge = await handler(
      postJson({ action: "cancel", email: `${"a".repeat(20_000)}@example.com` }),
    );
    expect(huge.status).toBe(413);
    expect((await huge.json()).code).toBe("payload_too_large");
    const text = await handler(
      new Request(ENDPOINT, {
        method: "POST",
        headers: { "content-type": "text/plain", origin: SITE },
        body: "x",
      }),
    );
    expect(text.status).toBe(415);
    const twice = await handler(
      postForm("action=cancel&email=a%40example.com&email=b%40example.com"),
    );
    expect(twice.headers.get("location")).toBe(`${SITE}/cancel#error-invalid_body`);
    const get = await handler(new Request(`${ENDPOINT}?action=cancel&email=a@example.com`));
    expect(get.status).toBe(405);
  });
});

describe("keep my subscription", () => {
  /** A subscription canceled through the function, and the token its e-mail holds. */
  async function cancelled() {
    const context = setup();
    const mine = context.billing.add({ customerEmail: "ada@example.com" });
    await context.handler(postJson({ action: "cancel", email: "ada@example.com" }));
    await context.settle();
    const link = /\/cancel\/keep\?token=(\S+)/.exec(context.mailer.sent[0]?.text ?? "");
    const token = decodeURIComponent(link?.[1] ?? "");
    const [cancellation] = (await context.store.rows()).map((row) => row.id);
    context.billing.calls.length = 0;
    return { ...context, mine, token, cancellation: cancellation! };
  }

  it("undoes the cancellation, and a second use of the link gives the same answer", async () => {
    const { handler, billing, mine, token } = await cancelled();
    for (let use = 0; use < 2; use += 1) {
      const response = await handler(postJson({ action: "keep", token }));
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: "kept", message: KEEP_ANSWER });
    }
    expect(billing.subscriptions.get(mine.id)?.cancelAtPeriodEnd).toBe(false);
    expect(billing.calls.filter((c) => c.op === "update")).toEqual([
      { op: "update", id: mine.id, value: false },
      { op: "update", id: mine.id, value: false },
    ]);
  });

  it("accepts the whole link pasted from the e-mail, and answers a form with the kept page", async () => {
    const { handler, token } = await cancelled();
    const response = await handler(
      postForm({ action: "keep", token: `${SITE}/cancel/keep?token=${encodeURIComponent(token)}` }),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`${SITE}/cancel/kept`);
  });

  it("refuses a forged, an altered and an expired link, and changes nothing", async () => {
    const { handler, billing, mine, token, cancellation } = await cancelled();
    const forged = await signKeepToken(
      "another-secret-that-is-long-enough-too",
      mine.id,
      cancellation,
      keepLinkExpiry(new Date()),
    );
    const altered = token.replace(mine.id, "sub_someoneelse");
    const expired = await signKeepToken(SECRET, mine.id, cancellation, new Date(Date.now() - DAY));
    for (const [link, status, code] of [
      [forged, 400, "invalid_link"],
      [altered, 400, "invalid_link"],
      [expired, 410, "link_expired"],
      ["garbage", 400, "invalid_token"],
    ] as const) {
      const response = await handler(postJson({ action: "keep", token: link }));
      expect(response.status).toBe(status);
      expect((await response.json()).code).toBe(code);
    }
    expect(billing.calls).toEqual([]);
  });

  it("says plainly when the subscription has already ended", async () => {
    const { handler, billing, mine, token } = await cancelled();
    billing.subscriptions.get(mine.id)!.status = "canceled";
    const response = await handler(postJson({ action: "keep", token }));
    expect(response.status).toBe(409);
    expect((await response.json()).code).toBe("subscription_ended");
  });

  it("asks the visitor to try again when Stripe is down, and keeps nothing pending", async () => {
    const { handler, billing, store, token } = await cancelled();
    billing.failNext();
    const response = await handler(postJson({ action: "keep", token }));
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("30");
    expect((await store.rows()).map((r) => [r.kind, r.status])).toEqual([
      ["cancel", "done"],
      ["keep", "failed"],
    ]);
  });
});

describe("withdraw", () => {
  const statement = {
    action: "withdraw",
    name: "Ada Lovelace",
    email: "ada@example.com",
    plan: "Pro",
    subscribedOn: "2026-01-01",
    // The checkout address's own mailbox, spelt otherwise: the withdrawal acts at once.
    confirmTo: "Ada+withdrawal@Example.com",
  };

  it("acknowledges at once, ends a first subscription and refunds its first payment in full, within 14 days", async () => {
    const { handler, billing, mailer, store, settle } = setup();
    const now = Date.now();
    const mine = billing.add({
      customerEmail: "ada@example.com",
      startedAt: new Date(now - 10 * DAY),
      currentPeriodStart: new Date(now - 10 * DAY),
      currentPeriodEnd: new Date(now + 20 * DAY),
    });
    const response = await handler(postJson(statement));
    expect(await response.json()).toEqual({ status: "received", message: WITHDRAW_ANSWER });
    await settle();

    const [receipt, outcome] = mailer.sent;
    expect(receipt?.to).toBe("Ada+withdrawal@Example.com");
    expect(receipt?.kind).toBe("withdrawal_receipt");
    expect(receipt?.text).toContain("Name: Ada Lovelace");
    expect(receipt?.text).toContain("Plan: Pro");
    expect(receipt?.text).toMatch(/\d{2}:\d{2}:\d{2} UTC/);
    expect(billing.subscriptions.get(mine.id)?.status).toBe("canceled");
    // The guarantee's whole first payment, larger than the 2/3 of it the pro-rata rule returns.
    expect(billing.calls.find((c) => c.op === "refund")).toEqual({
      op: "refund",
      paymentIntent: "pi_mem1",
      amount: 14_900,
    });
    expect(outcome?.to).toBe("ada@example.com");
    expect(outcome?.text).toContain("has ended today");
    expect(outcome?.text).toContain(
      "We have refunded $149.00 to the payment method you paid with: the first payment of your first subscription in full, as the money-back guarantee returns it.",
    );
    const [row] = await store.rows();
    expect(row).toMatchObject({ status: "done", ack_outbox_id: "outbox-1" });
  });

  it("refunds a later subscription's payment less the part of the period that had passed", async () => {
    const { handler, billing, mailer, settle } = setup();
    const now = Date.now();
    billing.add({
      customerEmail: "ada@example.com",
      status: "canceled",
      startedAt: new Date(now - 200 * DAY),
    });
    billing.add({
      customerEmail: "ada@example.com",
      startedAt: new Date(now - 10 * DAY),
      currentPeriodStart: new Date(now - 10 * DAY),
      currentPeriodEnd: new Date(now + 20 * DAY),
    });
    await handler(postJson(statement));
    await settle();
    const refund = billing.calls.find((c) => c.op === "refund");
    // 14,900 cents less the 10 of 30 days that had passed.
    expect(refund).toMatchObject({ op: "refund", paymentIntent: "pi_mem2" });
    expect(refund && "amount" in refund ? refund.amount : 0).toBeGreaterThanOrEqual(9932);
    expect(refund && "amount" in refund ? refund.amount : 0).toBeLessThanOrEqual(9934);
    expect(mailer.sent.find((m) => m.kind === "withdrawal_outcome")?.text).toMatch(
      /We have refunded \$99\.3\d to the payment method you paid with: your payment less the part of the billing period that had passed when you withdrew, as this is not your first subscription\./,
    );
  });

  it("waits 24 hours on a withdrawal confirmed to another mailbox, telling the owner how to stop it", async () => {
    const { handler, billing, mailer, store, settle, work } = setup();
    const now = Date.now();
    // An earlier subscription makes this one a later one, refunded pro rata to the statement.
    billing.add({
      customerEmail: "ada@example.com",
      status: "canceled",
      startedAt: new Date(now - 200 * DAY),
    });
    const mine = billing.add({
      customerEmail: "ada@example.com",
      startedAt: new Date(now - 10 * DAY),
      currentPeriodStart: new Date(now - 10 * DAY),
      currentPeriodEnd: new Date(now + 20 * DAY),
    });
    await handler(postJson({ ...statement, confirmTo: "someone.else@example.org" }));
    await settle();
    // Nothing ended yet; the owner, and only the owner, has the link that stops it.
    expect(billing.subscriptions.get(mine.id)?.status).toBe("active");
    expect(mailer.sent.map((m) => [m.kind, m.to])).toEqual([
      ["withdrawal_receipt", "someone.else@example.org"],
      ["withdrawal_pending", "ada@example.com"],
    ]);
    const notice = mailer.sent[1]?.text ?? "";
    expect(notice).toContain("This wasn't me: keep my subscription");
    expect(notice).toContain(`${SITE}/cancel/keep?token=`);
    expect(notice).not.toContain("someone.else");
    expect((await store.rows())[0]?.status).toBe("pending");
    // Before the 24 hours, the due work leaves it waiting.
    expect(await runDueWork(work, new Date(now + 23 * 60 * 60 * 1000))).toBe(0);
    // After them it ends, with the refund counted from when the statement arrived.
    expect(await runDueWork(work, new Date(now + 25 * 60 * 60 * 1000))).toBe(1);
    expect(billing.subscriptions.get(mine.id)?.status).toBe("canceled");
    const refund = billing.calls.find((c) => c.op === "refund");
    expect(refund && "amount" in refund ? refund.amount : 0).toBeGreaterThanOrEqual(9932);
    expect(refund && "amount" in refund ? refund.amount : 0).toBeLessThanOrEqual(9934);
    expect(mailer.sent.at(-1)?.kind).toBe("withdrawal_outcome");
    expect((await store.rows())[0]?.status).toBe("done");
  });

  it("lets the owner's link stop a waiting withdrawal, which then ends nothing", async () => {
    const { handler, billing, mailer, store, settle, work } = setup();
    const now = Date.now();
    const mine = billing.add({
      customerEmail: "ada@example.com",
      startedAt: new Date(now - 3 * DAY),
    });
    await handler(postJson({ ...statement, confirmTo: "mallory@example.org" }));
    await settle();
    const link = /https:\/\/castloop\.test\/cancel\/keep\?token=\S+/.exec(
      mailer.sent.find((m) => m.kind === "withdrawal_pending")?.text ?? "",
    )?.[0];
    expect(link).toBeDefined();
    const kept = await handler(postJson({ action: "keep", token: link! }));
    expect(kept.status).toBe(200);
    await runDueWork(work, new Date(now + 25 * 60 * 60 * 1000));
    expect(billing.subscriptions.get(mine.id)?.status).toBe("active");
    expect(billing.calls.some((c) => c.op === "refund" || c.op === "cancel")).toBe(false);
    expect(mailer.sent.map((m) => m.kind)).not.toContain("withdrawal_outcome");
    const withdrawal = (await store.rows()).find((row) => row.kind === "withdraw");
    expect(withdrawal?.status).toBe("done");
    expect(withdrawal?.outcome?.subscriptions[0]?.action).toBe("stopped");
  });

  it("treats a withdrawal after 14 days as a cancellation at period end, and says why", async () => {
    const { handler, billing, mailer, settle } = setup();
    const mine = billing.add({
      customerEmail: "ada@example.com",
      startedAt: new Date(Date.now() - 40 * DAY),
    });
    await handler(postJson(statement));
    await settle();
    expect(billing.calls.filter((c) => c.op === "cancel" || c.op === "refund")).toEqual([]);
    expect(billing.subscriptions.get(mine.id)?.cancelAtPeriodEnd).toBe(true);
    const outcome = mailer.sent.find((m) => m.kind === "withdrawal_outcome");
    expect(outcome?.text).toMatch(
      /The withdrawal period for your Pro subscription \(sub_mem1\) ended at the end of \d{1,2} \w+ \d{4} \(\d{1,2} \w+ \d{4}, 12:00:00 UTC\)/,
    );
    expect(outcome?.text).toContain("treated your statement as a cancellation");
    expect(outcome?.text).toContain("Keep my subscription");
  });

  it("counts the 14 days in calendar days: an hour past 14 × 24 hours is still within", async () => {
    const { handler, billing, mailer, settle } = setup();
    const mine = billing.add({
      customerEmail: "ada@example.com",
      startedAt: new Date(Date.now() - 14 * DAY - 60 * 60 * 1000),
    });
    await handler(postJson(statement));
    await settle();
    expect(billing.subscriptions.get(mine.id)?.status).toBe("canceled");
    expect(billing.calls.some((c) => c.op === "refund")).toBe(true);
    const outcome = mailer.sent.find((m) => m.kind === "withdrawal_outcome");
    expect(outcome?.text).toContain("has ended today");
    expect(outcome?.text).toMatch(/withdrawal period, which runs to the end of \d{1,2} \w+ \d{4}/);
  });

  it("queues the refund for a person when there is more than one payment, and says so", async () => {
    const { handler, billing, mailer, store, settle } = setup();
    const mine = billing.add({
      customerEmail: "ada@example.com",
      startedAt: new Date(Date.now() - 3 * DAY),
    });
    billing.invoices.get(mine.id)!.push({ ...billing.invoices.get(mine.id)![0]!, id: "in_second" });
    await handler(postJson(statement));
    await settle();
    expect(billing.calls.some((c) => c.op === "refund")).toBe(false);
    expect(billing.subscriptions.get(mine.id)?.status).toBe("canceled");
    expect(mailer.sent.find((m) => m.kind === "withdrawal_outcome")?.text).toContain(
      "a person on our team works out whichever is larger, the first payment of your first subscription in full or your payment less the part of the billing period that had passed,",
    );
    expect((await store.rows())[0]?.status).toBe("operator");
  });

  it("sends the acknowledgment for an address with no subscription too, with the same answer", async () => {
    const { handler, mailer, settle } = setup();
    const response = await handler(postJson(statement));
    await settle();
    expect(await response.json()).toEqual({ status: "received", message: WITHDRAW_ANSWER });
    expect(mailer.sent.map((m) => m.kind)).toEqual(["withdrawal_receipt"]);
  });

  it("queues a withdrawal that matches no subscription for a person, as the receipt says", async () => {
    const { handler, mailer, store, logs, settle } = setup();
    await handler(postJson(statement));
    await settle();
    expect((await store.rows())[0]).toMatchObject({
      status: "operator",
      outcome: { subscriptions: [], queued: "no_match" },
    });
    expect(mailer.sent[0]?.text).toContain(
      "If we find no subscription under that address, your statement is not dropped: a person on our team checks it",
    );
    expect(logs.some((line) => /"manage_request_queued".*"no_match"/.test(line))).toBe(true);
  });

  it("answers a plain form with the received page", async () => {
    const { handler, settle } = setup();
    const response = await handler(postForm({ ...statement, plan: "", subscribedOn: "" }));
    await settle();
    expect(response.headers.get("location")).toBe(`${SITE}/withdraw/received`);
  });
});
