/**
 * The function's time budget, in one place. The browser gives up on the function after
 * `checkoutTimeoutMs` (_shared/contract.ts); budget.test.ts checks that everything
 * here finishes well before that, so the visitor never sees an error for a session that the
 * function then goes on to create.
 */

/** Longest wait for the whole request body; a stalled upload gets 408. */
export const BODY_READ_TIMEOUT_MS = 2_000;

/** One try at Stripe (the SDK's `timeout`, per attempt). */
export const STRIPE_TRY_TIMEOUT_MS = 3_000;

/** Retries after the first try; the SDK sends the same Idempotency-Key on each. */
export const STRIPE_MAX_NETWORK_RETRIES = 2;

/**
 * stripe-node's sleep before each of those retries (0.5 s for the first two, not
 * configurable); budget.test.ts checks it against the SDK's own back-off function.
 */
export const STRIPE_RETRY_SLEEP_MAX_MS = 500;

/** Everything spent on Stripe for one request; the call is abandoned when it runs out. */
export const STRIPE_DEADLINE_MS = 10_000;

/** Left to the browser for the network, Supabase's relay and a cold start. */
export const CLIENT_MARGIN_MS = 3_000;
