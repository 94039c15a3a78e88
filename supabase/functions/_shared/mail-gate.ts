import type { MailGate } from "./email.ts";
import { canonicalMailbox } from "./mailbox.ts";
import type { RateLimiter } from "./rate-limit.ts";
import type { LogLine } from "./serve.ts";

// The limits on what a function's e-mail may do to the world: so many per mailbox and so many
// in all, per window. A message past either waits in the outbox (`held`); none is dropped, and
// the request that wrote it has already been recorded and acted on.

export interface MailGateOptions {
  /** Per canonical mailbox (canonicalMailbox), keyed by `keyOf` so the table holds no address. */
  perMailbox?: RateLimiter;
  /** One ceiling for every message together. */
  global?: RateLimiter;
  /** The limiter key of a canonical mailbox (an HMAC, say). */
  keyOf: (mailbox: string) => Promise<string>;
  /** Our words for the operator, naming the setting behind each limit. */
  reasons: { perMailbox: string; global: string };
  /** Told once per window, at `error`, when the global ceiling first holds a message. */
  log: LogLine;
  /** The event of that log line. */
  event: string;
  /** Tests only: the clock (ms since epoch). */
  now?: () => number;
}

export function createMailGate(options: MailGateOptions): MailGate {
  const now = options.now ?? Date.now;
  const later = (seconds: number) => new Date(now() + seconds * 1000);
  return async (to) => {
    // The mailbox first: a message held for its own mailbox uses up none of the ceiling.
    if (options.perMailbox !== undefined) {
      const verdict = await options.perMailbox.hit(await options.keyOf(canonicalMailbox(to)));
      if (!verdict.allowed) {
        return {
          allowed: false,
          until: later(verdict.retryAfterSeconds),
          reason: options.reasons.perMailbox,
        };
      }
    }
    if (options.global !== undefined) {
      const verdict = await options.global.hit("all");
      if (!verdict.allowed) {
        if (verdict.first === true) {
          options.log(
            JSON.stringify({
              level: "error",
              event: options.event,
              heldUntil: later(verdict.retryAfterSeconds).toISOString(),
            }),
          );
        }
        return {
          allowed: false,
          until: later(verdict.retryAfterSeconds),
          reason: options.reasons.global,
        };
      }
    }
    return { allowed: true };
  };
}
