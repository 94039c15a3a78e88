import { z } from "zod";
import { optional } from "./env.ts";
import { isTestKey } from "./stripe-settings.ts";

// SUBSCRIPTION_LINK_SECRET, read alike by the manage-subscription function (which verifies the
// links) and the stripe-webhook function (which signs the end-older links in a confirmation):
// two readings that differed would make every link the webhook sends fail.

/** At least this long, so a guessed secret is not a short one. */
export const MIN_LINK_SECRET_LENGTH = 32;

export const linkSecretSchema = optional(
  z.string().min(MIN_LINK_SECRET_LENGTH, {
    message: `must be at least ${MIN_LINK_SECRET_LENGTH} characters (e.g. openssl rand -hex 32)`,
  }),
);

/**
 * The secret links are signed with: SUBSCRIPTION_LINK_SECRET, or, with a test-mode key and no
 * secret (npm start, the tests), one derived from that key, since whoever holds it can change
 * the subscriptions anyway. A live key needs a secret of its own: undefined.
 */
export function linkSecretOf(
  configured: string | undefined,
  stripeKey: string | undefined,
): string | undefined {
  return (
    configured ?? (isTestKey(stripeKey ?? "") ? `test-mode-link-secret:${stripeKey}` : undefined)
  );
}
