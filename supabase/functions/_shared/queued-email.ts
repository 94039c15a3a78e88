import { assertSendable, type OutgoingEmail } from "./email.ts";

// An e-mail written into the outbox by the same statement as the record it belongs to, so the
// record and its one e-mail exist together or not at all. The mailer's `retryQueued` sends it
// (Resend's idempotency key is the outbox id, so it is never sent twice); without a Resend key
// it stays `local` for `npm run outbox`.

/** How many parameters `queuedEmailParams` gives. */
export const QUEUED_EMAIL_PARAM_COUNT = 8;

/**
 * The parameters of `queuedEmailSql`. `local`: no provider is configured. `at`: the clock
 * (tests), else the database's. Throws InvalidEmailError for a malformed message.
 */
export function queuedEmailParams(message: OutgoingEmail, local: boolean, at?: Date): unknown[] {
  assertSendable(message);
  return [
    message.to,
    message.subject,
    message.text,
    message.html,
    message.kind,
    message.ref ?? null,
    local ? "local" : "queued",
    at ?? null,
  ];
}

/**
 * `insert into private.email_outbox … returning id` as a CTE body, written only `when` the
 * condition holds, its parameters numbered from `first`. A queued message is due at once.
 */
export function queuedEmailSql(first: number, when: string): string {
  const p = (offset: number) => `$${first + offset}`;
  return `insert into private.email_outbox
      (to_address, subject, text_body, html_body, kind, ref, status, created_at, next_attempt_at)
    select ${p(0)}::text, ${p(1)}::text, ${p(2)}::text, ${p(3)}::text, ${p(4)}::text,
           ${p(5)}::text, ${p(6)}::text, coalesce(${p(7)}::timestamptz, statement_timestamp()),
           case when ${p(6)}::text = 'queued'
                then coalesce(${p(7)}::timestamptz, statement_timestamp()) end
    where ${when}
    returning id::text`;
}
