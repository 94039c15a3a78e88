import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { EmbeddedDb } from "../../../server/embedded-db.ts";
import { clearManageState } from "../../../tests/db/manage-store.ts";
import { openTestDb } from "../../../tests/db/test-db.ts";
import { startFakeResend, type FakeResend } from "../../../tests/fakes/fake-resend.ts";
import { memoryBilling } from "../../../tests/fakes/manage-doubles.ts";
import { createManageSubscriptionFromEnv } from "./from-env.ts";

// The leave forms turned against others, as the function is built from its environment with
// the real outbox and limits on PGlite and a Resend stand-in: no mail relay, no lockout.

const SITE = "https://castloop.test";
const ENDPOINT = `${SITE}/functions/v1/manage-subscription`;
const DAY = 24 * 60 * 60 * 1000;

let db: EmbeddedDb;
let resend: FakeResend;
beforeAll(async () => {
  db = await openTestDb();
  resend = await startFakeResend();
}, 60_000);
afterAll(async () => {
  await resend?.close();
  await db?.close();
});
beforeEach(async () => {
  await clearManageState(db);
  resend.reset();
});

function build(env: Record<string, string> = {}) {
  const logs: string[] = [];
  const pending: Promise<unknown>[] = [];
  const billing = memoryBilling();
  const manage = createManageSubscriptionFromEnv(
    {
      SITE_URL: SITE,
      SUBSCRIPTION_LINK_SECRET: "a-test-secret-that-is-long-enough-for-hmac",
      RESEND_API_KEY: "re_test_abuse",
      RESEND_API_BASE: resend.url,
      EMAIL_FROM: "Castloop <billing@castloop.test>",
      ...env,
    },
    { db, billing, log: (line) => logs.push(line), floorMs: 0, waitUntil: (w) => pending.push(w) },
  );
  let client = 0;
  // Each from a fresh client address, as behind a proxy that passes a new one each time.
  const post = async (body: Record<string, string>) => {
    client += 1;
    const response = await manage.handler(
      new Request(ENDPOINT, {
        method: "POST",
        headers: { "content-type": "application/json", origin: SITE },
        body: JSON.stringify(body),
      }),
      { clientIp: `198.51.100.${client % 250}` },
    );
    while (pending.length > 0) await pending.shift();
    return response;
  };
  return { manage, billing, logs, post };
}

const outbox = () =>
  db.query<{ to_address: string; status: string; kind: string; last_error: string | null }>(
    "select to_address, status, kind, last_error from private.email_outbox order by created_at",
  );

const GMAIL_SPELLINGS = [
  "victim@gmail.com",
  "Victim@gmail.com",
  "v.ictim@gmail.com",
  "vic.tim@gmail.com",
  "victim+1@gmail.com",
  "victim+2@gmail.com",
  "VICTIM+x@GMAIL.COM",
  "victim@googlemail.com",
  "vi.ctim@googlemail.com",
  "victim@gmail.com.",
  "ｖｉｃｔｉｍ@gmail.com",
  "v.i.c.t.i.m+spam@googlemail.com",
];

describe("the withdrawal receipt", () => {
  it("reaches one Gmail inbox written twelve ways at most five times an hour; the rest wait", async () => {
    const { post } = build();
    for (const confirmTo of GMAIL_SPELLINGS) {
      const response = await post({
        action: "withdraw",
        name: "Mallory",
        email: `nobody${Math.random().toString(36).slice(2)}@example.com`,
        confirmTo,
      });
      expect(response.status).toBe(200);
    }
    expect(resend.emails).toHaveLength(5);
    const rows = await outbox();
    // Nothing dropped: every receipt is in the outbox, the excess held for the operator to see.
    expect(rows).toHaveLength(12);
    expect(rows.filter((row) => row.status === "held")).toHaveLength(7);
    expect(rows.find((row) => row.status === "held")?.last_error).toMatch(
      /MANAGE_EMAIL_RATE_LIMIT\)/,
    );
    // Twelve requests and their receipts through the outbox and the stand-in, over HTTP.
  }, 30_000);

  it("leaves at most the global ceiling's e-mails for 40 strangers, and tells the operator once", async () => {
    const { post, logs } = build({ MANAGE_EMAIL_RATE_LIMIT_GLOBAL: "20" });
    for (let i = 0; i < 40; i += 1) {
      const response = await post({
        action: "withdraw",
        name: "Mallory",
        email: `nobody${i}@example.com`,
        confirmTo: `target${i}@example.org`,
      });
      expect(response.status).toBe(200);
    }
    expect(resend.emails).toHaveLength(20);
    const rows = await outbox();
    expect(rows).toHaveLength(40);
    expect(rows.filter((row) => row.status === "held")).toHaveLength(20);
    const alerts = logs
      .map((line) => JSON.parse(line) as { level: string; event: string })
      .filter((line) => line.event === "manage_email_ceiling_reached");
    expect(alerts).toEqual([expect.objectContaining({ level: "error" })]);
    // Every request was recorded all the same.
    const [count] = await db.query<{ n: number }>(
      "select count(*)::integer as n from private.subscription_requests",
    );
    expect(count?.n).toBe(40);
    // Forty requests, each recorded, its receipt written and (for twenty) posted to the
    // Resend stand-in over HTTP: several seconds on a busy machine.
  }, 30_000);

  it("sends a held e-mail once its hour is over, through the limits again", async () => {
    const { post, manage } = build({ MANAGE_EMAIL_RATE_LIMIT_GLOBAL: "1" });
    await post({
      action: "withdraw",
      name: "Ada",
      email: "a@example.com",
      confirmTo: "a@example.com",
    });
    await post({
      action: "withdraw",
      name: "Bo",
      email: "b@example.com",
      confirmTo: "b@example.com",
    });
    expect(resend.emails).toHaveLength(1);
    // The hour passes: the windows and the held message are due.
    await db.exec(
      "update private.rate_limit_windows set expires_at = now() - interval '1 second'; update private.email_outbox set next_attempt_at = now() - interval '1 second' where status = 'held'",
    );
    await manage.mailer?.retryQueued();
    expect(resend.emails.map((email) => email.to[0])).toEqual(["a@example.com", "b@example.com"]);
  });

  it("carries no stranger's web address to a third party", async () => {
    const { post } = build();
    const refused = await post({
      action: "withdraw",
      name: "Card declined: update it at https://pay.example/x",
      email: "someone@example.com",
      confirmTo: "target@example.org",
    });
    expect(refused.status).toBe(400);
    await post({
      action: "withdraw",
      name: "Ada Lovelace",
      email: "pay-now.example.com@example.com",
      confirmTo: "target@example.org",
    });
    const [receipt] = resend.emails;
    expect(receipt?.to).toEqual(["target@example.org"]);
    expect(`${receipt?.text}${receipt?.html}`).not.toMatch(/pay\.example|pay-now/);
  });
});

describe("a customer named by strangers", () => {
  it("still has their own cancellation acted on after six strangers' requests", async () => {
    const { post, billing } = build();
    const mine = billing.add({ customerEmail: "victim@example.com" });
    for (let i = 1; i <= 6; i += 1) {
      const response = await post({ action: "cancel", email: `victim+${i}@example.com` });
      expect(response.status).toBe(200);
    }
    // Keep it renewing, as the customer left it, then the customer cancels.
    billing.subscriptions.get(mine.id)!.cancelAtPeriodEnd = false;
    const own = await post({ action: "cancel", email: "victim@example.com" });
    expect(own.status).toBe(200);
    expect(own.headers.get("retry-after")).toBeNull();
    expect(billing.subscriptions.get(mine.id)?.cancelAtPeriodEnd).toBe(true);
    expect(resend.emails.map((email) => email.to[0])).toEqual(["victim@example.com"]);
  });

  it("keeps a subscription a stranger withdraws from for a day, and e-mails its owner the stop link", async () => {
    const { post, billing } = build();
    const mine = billing.add({
      customerEmail: "owner@example.com",
      startedAt: new Date(Date.now() - 2 * DAY),
    });
    await post({
      action: "withdraw",
      name: "Mallory",
      email: "owner@example.com",
      confirmTo: "mallory@example.org",
    });
    expect(billing.subscriptions.get(mine.id)?.status).toBe("active");
    const notice = resend.emails.find((email) => email.to[0] === "owner@example.com");
    expect(notice?.subject).toMatch(/stop it if it wasn't you/);
    expect(notice?.text).toContain("/cancel/keep?token=");
  });
});
