import { FORM_MESSAGES } from "../_shared/form-body.ts";
import { REQUEST_MESSAGES } from "../_shared/http.ts";
import { SERVE_MESSAGES } from "../_shared/serve.ts";

/**
 * Visitors see these after "Failed to start subscription process: ": in a toast on the JSON
 * path, and in the notice a form post's failure returns to (app/plans/components/checkout-notices.tsx).
 */
export const MESSAGES = {
  ...SERVE_MESSAGES,
  ...REQUEST_MESSAGES,
  ...FORM_MESSAGES,
  not_configured: "Checkout is not configured on this server yet.",
  price_not_tax_inclusive: "Checkout is not configured correctly yet.",
  rate_limited: "Too many checkout attempts. Please wait a minute and try again.",
  invalid_body: "The request body must be a JSON object.",
  unknown_field: "The request contains fields that are not allowed.",
  unknown_price: "Please choose one of the plans on the pricing page.",
  invalid_field: "The request contains an invalid value.",
  invalid_idempotency_key:
    "The request could not be verified. Please reload the page and try again.",
  cross_site: "The request could not be verified. Please reload the page and try again.",
  checkout_busy: "Checkout is busy right now. Please try again in a moment.",
  checkout_unavailable: "Checkout is temporarily unavailable. Please try again later.",
} as const satisfies Record<string, string>;

export type MessageCode = keyof typeof MESSAGES;

/** The element id of the notice a form post's failure returns to: one per code. */
export function checkoutNoticeId(code: MessageCode): string {
  return `checkout-error-${code.replaceAll("_", "-")}`;
}
