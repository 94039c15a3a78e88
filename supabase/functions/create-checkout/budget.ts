/**
 * The function's time budget, in one place. The browser gives up on the function after
 * `checkoutTimeoutMs` (app/lib/checkout-messages.ts); budget.test.ts checks that everything
 * here finishes well before that.
 */

/** Longest wait for the whole request body; a stalled upload gets 408. */
export const BODY_READ_TIMEOUT_MS = 2_000;
