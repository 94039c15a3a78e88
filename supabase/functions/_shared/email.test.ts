import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { EmbeddedDb } from "../../../server/embedded-db.ts";
import { clearFunctionState, openTestDb } from "../../../tests/db/test-db.ts";
import { startFakeResend, type FakeResend } from "../../../tests/fakes/fake-resend.ts";
import { DatabaseUnavailableError } from "./db.ts";
import {
  createMailer,
  escapeHtml,
  InvalidEmailError,
  isEmailAddress,
  MAX_EMAIL_ATTEMPTS,
  type OutgoingEmail,
} from "./email.ts";
import { parseEmailEnv } from "./email-env.ts";

// The mailer against a real Postgres (PGlite) and the local fake Resend.

let db: EmbeddedDb;
let resend: FakeResend;
beforeAll(async () => {
  db = await openTestDb();
  resend = await startFakeResend({ apiKey: "re_test_key" });
}, 120_000);
afterAll(async () => {
  await resend?.close();
  await db?.close();
});
beforeEach(async () => {
  resend.reset();
  await clearFunctionState(db);
});

const FROM = "Castloop <billing@castloop.test>";
const message: OutgoingEmail = {
  to: "ada@example.com",
  subject: "Your subscription is cancelled",
  text: "It ends on 1 December 2026.",
  html: "<p>It ends on 1 December 2026.</p>",
  kind: "cancellation",
  ref: "sub_123",
};

type Row = {
  id: string;
  status: string;
  attempts: number;
  last_error: string | null;
  provider_id: string | null;
  sent_at: Date | null;
  kind: string;
  ref: string | null;
};
const outbox = () =>
  db.query<Row>(
    "select id::text, status, attempts, last_error, provider_id, sent_at, kind, ref from private.email_outbox order by created_at",
  );

describe("createMailer with Resend", () => {
  const mailer = (options: { timeoutMs?: number; now?: () => number } = {}) =>
    createMailer({ db, apiKey: "re_test_key", apiBase: resend.url, from: FROM, ...options });

  it("writes the outbox first, then posts to /emails and records Resend's id", async () => {
    const result = await mailer().send(message);
    expect(result.status).toBe("sent");
    expect(resend.emails).toEqual([
      {
        id: result.providerId,
        from: FROM,
        to: ["ada@example.com"],
        subject: message.subject,
        text: message.text,
        html: message.html,
        idempotencyKey: `outbox/${result.outboxId}`,
      },
    ]);
    expect(resend.requests[0]?.headers.authorization).toBe("Bearer re_test_key");
    const [row] = await outbox();
    expect(row).toMatchObject({
      id: result.outboxId,
      status: "sent",
      attempts: 1,
      provider_id: result.providerId,
      kind: "cancellation",
      ref: "sub_123",
      last_error: null,
    });
    expect(row?.sent_at).toBeInstanceOf(Date);
  });

  it("keeps a failed message queued with a reason in our words, then retries it once due", async () => {
    let now = Date.UTC(2026, 10, 27, 12);
    resend.failNext(500);
    const first = await mailer({ now: () => now }).send(message);
    expect(first.status).toBe("queued");
    let [row] = await outbox();
    expect(row).toMatchObject({ status: "queued", attempts: 1, provider_id: null });
    expect(row?.last_error).toBe("Resend answered HTTP 500");
    expect(row?.last_error).not.toContain("fake Resend was told");

    // Not yet due: the first retry waits a minute.
    expect(await mailer({ now: () => now }).retryQueued()).toBe(0);
    now += 60_000;
    expect(await mailer({ now: () => now }).retryQueued()).toBe(1);
    [row] = await outbox();
    expect(row).toMatchObject({ status: "sent", attempts: 2, last_error: null });
    expect(resend.emails).toHaveLength(1);
    // Both tries carried the same key, so Resend could never send it twice.
    expect(new Set(resend.requests.map((r) => r.headers["idempotency-key"])).size).toBe(1);
  });

  it("gives up after the last attempt and marks the message failed for the operator", async () => {
    let now = Date.UTC(2026, 10, 27, 12);
    resend.failNext(503, MAX_EMAIL_ATTEMPTS);
    await mailer({ now: () => now }).send(message);
    for (let attempt = 1; attempt < MAX_EMAIL_ATTEMPTS; attempt += 1) {
      now += 7 * 3_600_000;
      await mailer({ now: () => now }).retryQueued();
    }
    const [row] = await outbox();
    expect(row).toMatchObject({ status: "failed", attempts: MAX_EMAIL_ATTEMPTS });
    now += 7 * 3_600_000;
    expect(await mailer({ now: () => now }).retryQueued()).toBe(0);
    expect(resend.requests).toHaveLength(MAX_EMAIL_ATTEMPTS);
  });

  it("never waits longer than its timeout, and never throws for a dropped connection", async () => {
    resend.delayNext(2_000);
    const started = performance.now();
    expect((await mailer({ timeoutMs: 200 }).send(message)).status).toBe("queued");
    expect(performance.now() - started).toBeLessThan(1_500);
    resend.dropNext();
    expect((await mailer().send(message)).status).toBe("queued");
    const rows = await outbox();
    expect(rows.map((row) => row.last_error)).toEqual([
      "No answer from Resend within 0 s",
      "Could not reach Resend",
    ]);
  });

  it("treats a refused key as a failure to retry, not a crash", async () => {
    const wrong = createMailer({ db, apiKey: "re_wrong", apiBase: resend.url, from: FROM });
    expect((await wrong.send(message)).status).toBe("queued");
    expect((await outbox())[0]?.last_error).toBe("Resend answered HTTP 401");
  });
});

describe("createMailer without a key", () => {
  it("keeps every message in the outbox as local and sends nothing", async () => {
    const mailer = createMailer({ db, from: FROM, apiBase: resend.url });
    expect((await mailer.send(message)).status).toBe("local");
    expect(await mailer.retryQueued()).toBe(0);
    expect(resend.requests).toHaveLength(0);
    expect((await outbox())[0]).toMatchObject({ status: "local", attempts: 0 });
  });
});

describe("refusals", () => {
  const mailer = () => createMailer({ db, from: FROM });

  it.each([
    ["a recipient with a line break", { to: "ada@example.com\r\nBcc: eve@example.com" }],
    ["two recipients", { to: "ada@example.com, eve@example.com" }],
    ["a recipient with a name", { to: "Ada <ada@example.com>" }],
    ["no address at all", { to: "not an address" }],
    ["a subject with a line break", { subject: "Hello\nBcc: eve@example.com" }],
    ["an empty subject", { subject: "  " }],
    ["an empty body", { text: "" }],
  ])("refuses %s and stores nothing", async (_what, change) => {
    await expect(mailer().send({ ...message, ...change })).rejects.toBeInstanceOf(
      InvalidEmailError,
    );
    expect(await outbox()).toEqual([]);
  });

  it("rejects with DatabaseUnavailableError when the outbox cannot be written, sending nothing", async () => {
    const down = {
      query: () => Promise.reject(Object.assign(new Error("gone"), { code: "ECONNRESET" })),
    };
    const mailer = createMailer({
      db: down,
      apiKey: "re_test_key",
      apiBase: resend.url,
      from: FROM,
    });
    await expect(mailer.send(message)).rejects.toBeInstanceOf(DatabaseUnavailableError);
    expect(resend.requests).toHaveLength(0);
  });
});

describe("helpers and configuration", () => {
  it("escapes user input for HTML", () => {
    expect(escapeHtml(`<img src=x onerror="alert('1')"> & co`)).toBe(
      "&lt;img src=x onerror=&quot;alert(&#39;1&#39;)&quot;&gt; &amp; co",
    );
  });

  it("accepts one plain address only", () => {
    expect(isEmailAddress("ada@example.com")).toBe(true);
    for (const bad of [
      "ada@example",
      "ada example@x.com",
      "a@b.c\n",
      "<a@b.com>",
      "a@b.com,c@d.com",
    ]) {
      expect(isEmailAddress(bad), bad).toBe(false);
    }
  });

  it("reads RESEND_API_KEY, EMAIL_FROM and RESEND_API_BASE with the Stripe base's rule", () => {
    expect(parseEmailEnv({})).toEqual({
      apiKey: undefined,
      apiBase: undefined,
      from: "Castloop <no-reply@localhost>",
    });
    expect(
      parseEmailEnv({
        RESEND_API_KEY: "re_x",
        EMAIL_FROM: FROM,
        RESEND_API_BASE: "http://127.0.0.1:9999",
      }),
    ).toEqual({ apiKey: "re_x", apiBase: "http://127.0.0.1:9999", from: FROM });
    expect(() => parseEmailEnv({ RESEND_API_KEY: "re_x" })).toThrow("EMAIL_FROM");
    // A stand-in on this machine verifies no domain: the local sender serves.
    for (const base of ["http://127.0.0.1:9999", "http://localhost:9999", "http://[::1]:9999"]) {
      expect(parseEmailEnv({ RESEND_API_KEY: "re_x", RESEND_API_BASE: base })).toEqual({
        apiKey: "re_x",
        apiBase: base,
        from: "Castloop <no-reply@localhost>",
      });
    }
    expect(() =>
      parseEmailEnv({ RESEND_API_KEY: "re_x", RESEND_API_BASE: "https://resend.example" }),
    ).toThrow("EMAIL_FROM");
    expect(() => parseEmailEnv({ RESEND_API_BASE: "http://resend.example" })).toThrow(
      "RESEND_API_BASE",
    );
    expect(() => parseEmailEnv({ EMAIL_FROM: "a@b.com\r\nBcc: c@d.com" })).toThrow("EMAIL_FROM");
  });
});
