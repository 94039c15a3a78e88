import { asDatabaseError, type Db } from "./db.ts";

/** One message. `kind` and `ref` tell an operator what it is about (e.g. "cancellation", an id). */
export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  kind: string;
  ref?: string;
}

export type SendResult = {
  outboxId: string;
  status: "sent" | "queued" | "local" | "held";
  providerId?: string;
};

/**
 * Asked before each message leaves (and again before a held one does): whether it may go now,
 * or must wait in the outbox as `held` until `until`, for `reason` (our words, for the operator).
 */
export type MailGate = (
  to: string,
) => Promise<{ allowed: true } | { allowed: false; until: Date; reason: string }>;

export interface Mailer {
  /**
   * Writes the message to the outbox, then (with an API key) hands it to Resend. Delivery
   * failures never throw: the message stays queued for `retryQueued`. Rejects only when the
   * message is malformed (InvalidEmailError) or the outbox cannot be written
   * (DatabaseUnavailableError); nothing was sent then.
   */
  send(message: OutgoingEmail): Promise<SendResult>;
  /**
   * Lets held messages whose wait is over through the gate again, then sends up to `limit`
   * queued messages that are due; returns how many were sent.
   */
  retryQueued(limit?: number): Promise<number>;
}

export interface MailerOptions {
  db: Db;
  /** Resend API key; without one every message stays in the outbox as `local`. */
  apiKey?: string;
  /** Resend's API origin (default https://api.resend.com); a local stand-in in tests. */
  apiBase?: string;
  /** The From header, e.g. `Castloop <billing@castloop.com>`. */
  from: string;
  fetch?: typeof fetch;
  /** Per-request deadline (default 10 s). */
  timeoutMs?: number;
  /** Tests only: the clock (ms since epoch). */
  now?: () => number;
  /** Limits on what may leave: a message past one waits as `held`; nothing is dropped. */
  gate?: MailGate;
}

export const RESEND_API_BASE = "https://api.resend.com";
export const DEFAULT_EMAIL_TIMEOUT_MS = 10_000;
/** Attempts before a message is marked `failed` for the operator. */
export const MAX_EMAIL_ATTEMPTS = 8;

/** A message the mailer refuses to store or send; the caller's input was wrong. */
export class InvalidEmailError extends Error {
  constructor(problem: string) {
    super(`Invalid e-mail: ${problem}`);
    this.name = "InvalidEmailError";
  }
}

const LINE_BREAK = /[\r\n\u2028\u2029\u0085]/;
// Deliberately plain: one local part, one domain with a dot, nothing a header could misread.
const ADDRESS = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;

/** Whether `value` is one plain e-mail address (no name, no list, no line break), ≤ 254 chars. */
export function isEmailAddress(value: string): boolean {
  return value.length <= 254 && !LINE_BREAK.test(value) && ADDRESS.test(value);
}

/** Header-ish text (a subject, a name) must not carry a line break, which could add headers. */
export function hasLineBreak(value: string): boolean {
  return LINE_BREAK.test(value);
}

/** Escapes text for an HTML body or attribute, so user input is shown, never interpreted. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** Throws InvalidEmailError for a message the outbox would refuse to store or send. */
export function assertSendable(message: OutgoingEmail): void {
  if (!isEmailAddress(message.to)) throw new InvalidEmailError("the recipient is not one address");
  if (hasLineBreak(message.subject) || message.subject.trim() === "") {
    throw new InvalidEmailError("the subject must be one non-empty line");
  }
  if (message.subject.length > 998) throw new InvalidEmailError("the subject is too long");
  if (!/^[a-z][a-z0-9_-]{0,63}$/.test(message.kind)) {
    throw new InvalidEmailError("the kind must be a short lower-case word");
  }
  if (message.ref !== undefined && (message.ref.length > 200 || hasLineBreak(message.ref))) {
    throw new InvalidEmailError("the reference must be one line of at most 200 characters");
  }
  for (const body of [message.text, message.html]) {
    if (body.length === 0 || body.length > 200_000) {
      throw new InvalidEmailError("each body must hold 1 to 200,000 characters");
    }
  }
}

type OutboxRow = {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  attempts: number;
};

type Delivery = { ok: true; providerId: string } | { ok: false; reason: string };

/** Minutes before the next try after `attempts` failures: 1, 2, 4, ... capped at 6 hours. */
export function retryDelayMinutes(attempts: number): number {
  return Math.min(360, 2 ** Math.max(0, attempts - 1));
}

export function createMailer(options: MailerOptions): Mailer {
  const { db } = options;
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_EMAIL_TIMEOUT_MS;
  const endpoint = `${(options.apiBase ?? RESEND_API_BASE).replace(/\/+$/, "")}/emails`;
  const clock = () => (options.now === undefined ? null : new Date(options.now()));
  if (hasLineBreak(options.from)) throw new InvalidEmailError("the sender must be one line");

  async function deliver(row: OutboxRow): Promise<Delivery> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const response = await doFetch(endpoint, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${options.apiKey}`,
          "Content-Type": "application/json",
          // Resend sends one message per key within 24 hours, so a retry never doubles it.
          "Idempotency-Key": `outbox/${row.id}`,
        },
        body: JSON.stringify({
          from: options.from,
          to: [row.to_address],
          subject: row.subject,
          text: row.text_body,
          html: row.html_body,
        }),
        signal: controller.signal,
      });
      const text = await response.text();
      if (!response.ok) return { ok: false, reason: `Resend answered HTTP ${response.status}` };
      let id: unknown;
      try {
        id = (JSON.parse(text) as { id?: unknown }).id;
      } catch {
        return { ok: false, reason: "Resend's answer was not JSON" };
      }
      if (typeof id !== "string" || id === "" || id.length > 200) {
        return { ok: false, reason: "Resend's answer held no message id" };
      }
      return { ok: true, providerId: id };
    } catch {
      return {
        ok: false,
        reason: controller.signal.aborted
          ? `No answer from Resend within ${Math.round(timeoutMs / 1000)} s`
          : "Could not reach Resend",
      };
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Records the outcome. A failed update leaves the row queued under its lease, so it is tried
   * again later; the idempotency key keeps Resend from sending it twice.
   */
  async function record(row: OutboxRow, delivery: Delivery): Promise<void> {
    const at = clock();
    if (delivery.ok) {
      await db
        .query(
          `update private.email_outbox
             set status = 'sent', provider_id = $2, attempts = attempts + 1, last_error = null,
                 sent_at = coalesce($3::timestamptz, statement_timestamp()), next_attempt_at = null
           where id = $1`,
          [row.id, delivery.providerId, at],
        )
        .catch(() => {});
      return;
    }
    const attempts = row.attempts + 1;
    await db
      .query(
        `update private.email_outbox
           set attempts = $2::integer, last_error = $3::text,
               status = case when $2::integer >= $4::integer then 'failed' else 'queued' end,
               next_attempt_at = case when $2::integer >= $4::integer then null
                 else coalesce($5::timestamptz, statement_timestamp())
                      + make_interval(mins => $6::integer) end
         where id = $1`,
        [row.id, attempts, delivery.reason, MAX_EMAIL_ATTEMPTS, at, retryDelayMinutes(attempts)],
      )
      .catch(() => {});
  }

  /**
   * Asks the gate again about held messages whose wait is over: one let through becomes
   * queued (sent below) or local; one still refused waits until the gate's next time.
   */
  async function releaseHeld(limit: number): Promise<void> {
    const gate = options.gate;
    if (gate === undefined) return;
    const at = clock();
    const rows = await db.query<{ id: string; to_address: string }>(
      `update private.email_outbox
         set next_attempt_at = coalesce($2::timestamptz, statement_timestamp()) + interval '15 minutes'
       where id in (
         select id from private.email_outbox
         where status = 'held' and next_attempt_at <= coalesce($2::timestamptz, statement_timestamp())
         order by next_attempt_at, created_at
         limit $1
         for update skip locked
       )
       returning id::text, to_address`,
      [Math.max(1, Math.min(100, Math.trunc(limit))), at],
    );
    for (const row of rows) {
      const verdict = await gate(row.to_address);
      await db.query(
        `update private.email_outbox
           set status = $2::text, last_error = $3::text,
               next_attempt_at = coalesce($4::timestamptz, coalesce($5::timestamptz, statement_timestamp()))
         where id = $1 and status = 'held'`,
        verdict.allowed
          ? [row.id, options.apiKey === undefined ? "local" : "queued", null, null, at]
          : [row.id, "held", verdict.reason.slice(0, 200), verdict.until, at],
      );
    }
  }

  return {
    async send(message) {
      assertSendable(message);
      const local = options.apiKey === undefined;
      const verdict =
        options.gate === undefined ? { allowed: true as const } : await options.gate(message.to);
      let row: OutboxRow | undefined;
      try {
        [row] = await db.query<OutboxRow>(
          `insert into private.email_outbox
             (to_address, subject, text_body, html_body, kind, ref, status, created_at, next_attempt_at,
              last_error)
           values ($1, $2, $3, $4, $5, $6, $7::text,
                   coalesce($8::timestamptz, statement_timestamp()),
                   -- Leased while this call sends it, so no retry elsewhere sends it meanwhile.
                   case when $7::text = 'queued'
                        then coalesce($8::timestamptz, statement_timestamp()) + interval '15 minutes'
                        when $7::text = 'held' then $9::timestamptz end,
                   $10::text)
           returning id::text, to_address, subject, text_body, html_body, attempts`,
          [
            message.to,
            message.subject,
            message.text,
            message.html,
            message.kind,
            message.ref ?? null,
            verdict.allowed ? (local ? "local" : "queued") : "held",
            clock(),
            verdict.allowed ? null : verdict.until,
            verdict.allowed ? null : verdict.reason.slice(0, 200),
          ],
        );
      } catch (error) {
        throw asDatabaseError(error);
      }
      if (row === undefined) throw new Error("The outbox insert returned no row.");
      if (!verdict.allowed) return { outboxId: row.id, status: "held" };
      if (local) return { outboxId: row.id, status: "local" };

      const delivery = await deliver(row);
      await record(row, delivery);
      return delivery.ok
        ? { outboxId: row.id, status: "sent", providerId: delivery.providerId }
        : { outboxId: row.id, status: "queued" };
    },

    async retryQueued(limit = 20) {
      await releaseHeld(limit);
      if (options.apiKey === undefined) return 0;
      const at = clock();
      // Claims due messages in one statement: a lease of 15 minutes, so two processes never
      // send the same message at once, and a process that dies mid-send frees it again.
      const rows = await db.query<OutboxRow>(
        `update private.email_outbox
           set next_attempt_at = coalesce($2::timestamptz, statement_timestamp()) + interval '15 minutes'
         where id in (
           select id from private.email_outbox
           where status = 'queued'
             and next_attempt_at <= coalesce($2::timestamptz, statement_timestamp())
           order by next_attempt_at
           limit $1
           for update skip locked
         )
         returning id::text, to_address, subject, text_body, html_body, attempts`,
        [Math.max(1, Math.min(100, Math.trunc(limit))), at],
      );
      let sent = 0;
      for (const row of rows) {
        const delivery = await deliver(row);
        await record(row, delivery);
        if (delivery.ok) sent += 1;
      }
      return sent;
    },
  };
}
