import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EmbeddedDb } from "../../../server/embedded-db.ts";
import { openTestDb } from "../../../tests/db/test-db.ts";
import { CANCEL_EFFECT } from "../_shared/contract.ts";
import { CANCEL_ANSWER, MESSAGES, WITHDRAW_ANSWER } from "./messages.ts";
import { createManageSubscriptionFromEnv } from "./from-env.ts";

// The function as `npm install && npm start` builds it: no Stripe key, no Resend key, the
// embedded database. Every request is recorded, acknowledged by e-mail and queued for a person.

const SITE = "http://localhost:3000";
const ENDPOINT = `${SITE}/functions/v1/manage-subscription`;

let db: EmbeddedDb;
beforeAll(async () => {
  db = await openTestDb();
  // initdb for a first snapshot takes seconds on a busy machine.
}, 60_000);
afterAll(async () => {
  await db?.close();
});

function post(body: Record<string, string>) {
  return new Request(ENDPOINT, {
    method: "POST",
    headers: { "content-type": "application/json", origin: SITE },
    body: JSON.stringify(body),
  });
}

type OutboxRow = { to_address: string; kind: string; ref: string; text_body: string };
type RequestRow = { id: string; kind: string; status: string; outcome: unknown };

async function rows() {
  return {
    outbox: await db.query<OutboxRow>(
      "select to_address, kind, ref, text_body from private.email_outbox order by created_at",
    ),
    requests: await db.query<RequestRow>(
      "select id::text, kind, status, outcome from private.subscription_requests order by received_at",
    ),
  };
}

describe("manage-subscription with no payment provider configured", () => {
  const logs: string[] = [];
  const pending: Promise<unknown>[] = [];
  const manage = () =>
    createManageSubscriptionFromEnv(
      { SITE_URL: SITE, MANAGE_EMAIL_RATE_LIMIT: "0" },
      {
        db,
        log: (line) => logs.push(line),
        floorMs: 50,
        waitUntil: (work) => pending.push(work),
      },
    );
  // The work goes on after the answer; the test reads its result once it is done.
  const settled = async () => {
    while (pending.length > 0) await pending.shift();
  };

  it("records a cancellation, e-mails the acknowledgment, and queues it", async () => {
    await db.query("delete from private.email_outbox");
    await db.query("delete from private.subscription_requests");
    const response = await manage().handler(post({ action: "cancel", email: "Ada@Example.com" }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "received", message: CANCEL_ANSWER });
    await settled();

    const { outbox, requests } = await rows();
    expect(requests).toMatchObject([
      { kind: "cancel", status: "operator", outcome: { subscriptions: [], queued: "no_billing" } },
    ]);
    expect(outbox).toHaveLength(1);
    const [mail] = outbox;
    expect(mail).toMatchObject({
      to_address: "Ada@Example.com",
      kind: "cancellation_received",
      ref: requests[0]?.id,
    });
    expect(mail?.text_body).toContain("a person on our team completes your cancellation");
    expect(mail?.text_body).toContain(CANCEL_EFFECT);
    expect(mail?.text_body).toContain("you are not charged again");
    expect(mail?.text_body).not.toContain(MESSAGES.not_configured);
    expect(logs.some((line) => line.includes('"manage_request_queued"'))).toBe(true);
  });

  it("records a withdrawal and e-mails its acknowledgment, saying a person completes it", async () => {
    await db.query("delete from private.email_outbox");
    await db.query("delete from private.subscription_requests");
    const response = await manage().handler(
      post({
        action: "withdraw",
        name: "Ada Lovelace",
        email: "ada@example.com",
        plan: "Pro",
        subscribedOn: "2026-01-05",
        confirmTo: "ada.private@example.org",
      }),
    );
    expect(await response.json()).toEqual({ status: "received", message: WITHDRAW_ANSWER });
    await settled();

    const { outbox, requests } = await rows();
    expect(requests).toMatchObject([{ kind: "withdraw", status: "operator" }]);
    expect(outbox.map((m) => [m.to_address, m.kind])).toEqual([
      ["ada.private@example.org", "withdrawal_receipt"],
    ]);
    const text = outbox[0]?.text_body ?? "";
    expect(text).toContain("Name: Ada Lovelace");
    expect(text).toContain("Day of subscribing: 2026-01-05");
    expect(text).toMatch(/\d{1,2} \w+ \d{4}, \d{2}:\d{2}:\d{2} UTC/);
    expect(text).toContain("a person on our team checks your statement");
  });

  it("answers a plain form with the result page, not a refusal", async () => {
    const response = await manage().handler(
      new Request(ENDPOINT, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: SITE },
        body: "action=cancel&email=grace%40example.com",
      }),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`${SITE}/cancel/requested`);
    await settled();
  });

  it("refuses an undo link, which only a payment provider can act on", async () => {
    const response = await manage().handler(post({ action: "keep", token: "v1.sub_1.1.x" }));
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ code: "not_configured" });
  });
});

describe("the per-mailbox limit with no payment provider configured", () => {
  it("holds the e-mail, never the request, across processes sharing one database", async () => {
    await db.query("truncate private.rate_limit_windows, private.email_outbox");
    const work: Promise<unknown>[] = [];
    const process = () =>
      createManageSubscriptionFromEnv(
        { SITE_URL: SITE, MANAGE_EMAIL_RATE_LIMIT: "1" },
        { db, log: () => {}, floorMs: 0, waitUntil: (job) => work.push(job) },
      );
    const first = await process().handler(post({ action: "cancel", email: "lin@example.com" }));
    await Promise.all(work);
    const second = await process().handler(post({ action: "cancel", email: "Lin+2@example.com" }));
    await Promise.all(work);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.headers.get("retry-after")).toBeNull();
    const sent = await db.query<{ status: string }>(
      "select status from private.email_outbox order by created_at",
    );
    expect(sent.map((row) => row.status)).toEqual(["local", "held"]);
  });
});

describe("a function that refuses every request, as a plain form sees it", () => {
  const withdrawForm = () =>
    new Request(ENDPOINT, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: SITE },
      body: "action=withdraw&name=Ada&email=ada%40example.com&confirmTo=ada%40example.com",
    });

  it("with no database, sends the form back to its own page's notice, not JSON", async () => {
    const { handler } = createManageSubscriptionFromEnv({ SITE_URL: SITE }, { log: () => {} });
    const response = await handler(withdrawForm());
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`${SITE}/withdraw#error-database_unavailable`);
    expect(response.headers.get("retry-after")).toBe("30");
  });

  it("with a live key but no link secret, sends the form back to its own page", async () => {
    const { handler } = createManageSubscriptionFromEnv(
      { SITE_URL: SITE, STRIPE_SECRET_KEY: "sk_live_example" },
      { db, log: () => {} },
    );
    const response = await handler(withdrawForm());
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`${SITE}/withdraw#error-not_configured`);
  });
});
