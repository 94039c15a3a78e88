// Every text this function answers with, and the pages that show them. Import-free, so the
// site's prerendered pages (app/subscription/) print the same words the function sends.

/** The one answer to a cancellation, whether or not a subscription matched. */
export const CANCEL_ANSWER =
  "If a subscription uses that address, it is cancelled at the end of its paid period, and we have e-mailed the details.";

/** The one answer to a withdrawal, whether or not a subscription matched. */
export const WITHDRAW_ANSWER =
  "We have received your withdrawal and e-mailed an acknowledgment of receipt, with its content, date and time, to the confirmation address. If a subscription uses the e-mail address you gave and started within the last 14 days, it ends now and we refund your payment less the part of the billing period that had passed; if it started earlier, the 14-day withdrawal period is over, so it is cancelled at the end of its paid period instead. Either way, we e-mail that address what we have done.";

/** After "Keep my subscription". */
export const KEEP_ANSWER =
  "Your subscription continues: the cancellation is undone, and it renews as before.";

/** Where each refusal sends a visitor's plain form: the form's page, at `#error-<code>`. */
export const MESSAGES = {
  method_not_allowed: "This endpoint only accepts POST requests.",
  internal_error: "Something went wrong on our side. Please try again later.",
  forbidden_origin:
    "This form can only be sent from our website. Please reload the page and try again.",
  unsupported_media_type: "The request must be sent as a form or as JSON.",
  payload_too_large: "The request is too large.",
  request_timeout: "The request took too long to arrive. Please try again.",
  incomplete_body: "The request arrived incomplete. Please try again.",
  invalid_body: "The request could not be read. Please use the form on this page.",
  duplicate_field: "The request names a field more than once. Please use the form on this page.",
  invalid_action: "The request does not say what to do. Please use the form on this page.",
  unknown_field: "The request contains fields that are not allowed.",
  missing_field: "Please fill in every required field.",
  invalid_email: "Please enter the e-mail address you used at checkout, like name@example.com.",
  invalid_confirm_to: "Please enter an e-mail address for the confirmation, like name@example.com.",
  invalid_name: "Please enter your name on one line, up to 200 characters.",
  invalid_plan: "Please choose Starter, Pro or Expert, or leave the plan empty.",
  invalid_date: "Please enter the day you subscribed as a date that has passed, or leave it empty.",
  invalid_token: "This link is incomplete. Please open it again from your e-mail.",
  invalid_link:
    "This link is not valid. Please open it again from your e-mail, or contact support.",
  link_expired:
    "This link has expired: it works for 14 days. Your subscription stays canceled; you can subscribe again on the pricing page.",
  subscription_ended:
    "This subscription has already ended, so it can no longer be kept. You can subscribe again on the pricing page.",
  rate_limited: "Too many requests. Please wait a while and try again.",
  not_configured:
    "Managing subscriptions online is not set up on this server yet. Please e-mail support.",
  database_unavailable:
    "We cannot take requests just now. Nothing was changed. Please try again in a minute.",
  billing_unavailable:
    "Our payment provider is not answering just now. Nothing was changed. Please try again in a minute.",
} as const satisfies Record<string, string>;

export type ManageErrorCode = keyof typeof MESSAGES;

/** The result pages a plain form is sent to after success. */
export const RESULT_PATHS = {
  cancel: "/cancel/requested",
  withdraw: "/withdraw/received",
  keep: "/cancel/kept",
} as const;

/** The form each action's refusals return to. */
export const FORM_PATHS = {
  cancel: "/cancel",
  withdraw: "/withdraw",
  keep: "/cancel/keep",
} as const;

/** The codes each form page can show (the others cannot come from its own form). */
export const FORM_ERRORS = {
  cancel: [
    "forbidden_origin",
    "invalid_body",
    "missing_field",
    "invalid_email",
    "rate_limited",
    "not_configured",
    "database_unavailable",
    "internal_error",
  ],
  withdraw: [
    "forbidden_origin",
    "invalid_body",
    "missing_field",
    "invalid_email",
    "invalid_confirm_to",
    "invalid_name",
    "invalid_plan",
    "invalid_date",
    "payload_too_large",
    "rate_limited",
    "not_configured",
    "database_unavailable",
    "internal_error",
  ],
  keep: [
    "forbidden_origin",
    "invalid_token",
    "invalid_link",
    "link_expired",
    "subscription_ended",
    "rate_limited",
    "not_configured",
    "database_unavailable",
    "billing_unavailable",
    "internal_error",
  ],
} as const satisfies Record<string, readonly ManageErrorCode[]>;
