// What the site and its edge functions must say and send alike, held once. This module imports
// nothing, so Vite, Node and Deno all read it as it is; it is the only module under supabase/ that
// app/ may import (docs/decisions/017-walls.md).

/**
 * How every configuration value is read, at build time and by the server and the functions:
 * trimmed, and unset or blank both mean "use the default", so `.env.example` can be copied as is.
 */
export function blankToUndefined(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const trimmed = value.trim();
  return trimmed === "" ? undefined : trimmed;
}

/** The product's name, in the site's titles and copy and in the functions' e-mails. */
export const BRAND_NAME = "Castloop";

/** Where a visitor writes for help when the operator names no other address. */
export const DEFAULT_SUPPORT_EMAIL = "support@castloop.com";

/** The site's pages that the functions send a visitor to, or link to from an e-mail. */
export const SITE_PATHS = {
  pricing: "/pricing",
  success: "/success",
  cancel: "/cancel",
  cancelRequested: "/cancel/requested",
  cancelKeep: "/cancel/keep",
  cancelKept: "/cancel/kept",
  withdraw: "/withdraw",
  withdrawReceived: "/withdraw/received",
  changePlan: "/change-plan",
  changePlanSent: "/change-plan/sent",
  changePlanConfirm: "/change-plan/confirm",
  changePlanEndOlder: "/change-plan/end-older",
  changePlanEnded: "/change-plan/ended",
} as const;

/** The path each function is served under, on Supabase and on the site's own server. */
export const FUNCTIONS_PATH = "/functions/v1";

/** Each function's name: its folder under supabase/functions and its URL's last segment. */
export const FUNCTION_NAMES = {
  checkout: "create-checkout",
  feedCadence: "feed-cadence",
  manageSubscription: "manage-subscription",
  stripeWebhook: "stripe-webhook",
} as const;

export type FunctionName = (typeof FUNCTION_NAMES)[keyof typeof FUNCTION_NAMES];

/** "/functions/v1/create-checkout": a function's path on whichever origin serves it. */
export function functionPath(name: FunctionName): string {
  return `${FUNCTIONS_PATH}/${name}`;
}

/** Monthly price of each plan a visitor buys at once, in whole US dollars, by its public id. */
export const checkoutPlanPrices = {
  price_starter: 79,
  price_pro: 149,
  price_expert: 299,
} as const;

/** The public id of a plan that starts a checkout; the Stripe price id stays on the server. */
export type CheckoutPlanId = keyof typeof checkoutPlanPrices;

/** The ids the checkout function accepts, in the order the site lists the plans. */
export const checkoutPlanIds = [
  "price_starter",
  "price_pro",
  "price_expert",
] as const satisfies readonly CheckoutPlanId[];

/** Each checkout plan's name as the site shows it; a withdrawal statement may name one. */
export const checkoutPlanNames = {
  price_starter: "Starter",
  price_pro: "Pro",
  price_expert: "Expert",
} as const satisfies Record<CheckoutPlanId, string>;

/** The plans a withdrawal form offers, by name, in the order the site lists them. */
export const withdrawalPlanNames = checkoutPlanIds.map((id) => checkoutPlanNames[id]);

/** The plan priced on request: it goes to the contact form, never to a checkout. */
export const customPlanId = "price_agency";

/** Every plan's public id. */
export type PlanId = CheckoutPlanId | typeof customPlanId;

/** "$149", "$1,299": a price in whole US dollars, as the site and Stripe's texts print it. */
export function formatUsd(amount: number): string {
  if (!Number.isSafeInteger(amount) || amount < 0) {
    throw new RangeError(`A price must be a whole, non-negative number of dollars, not ${amount}`);
  }
  return `$${String(amount).replace(/\B(?=(\d{3})+$)/g, ",")}`;
}

/** The footer link, on every page, to the cancellation page: no sign-in, one button. */
export const cancelLabel = "Cancel your subscription";
/** The cancellation page, which Stripe's texts name as well as the site. */
export const cancelPath = SITE_PATHS.cancel;

/**
 * Every price is the total a buyer pays: the Stripe prices are tax-inclusive, and the checkout
 * function refuses any other. It follows a price once in each block that shows one.
 */
export const taxClause = "taxes included";

/**
 * The required choice Checkout shows before payment, which the Terms quote: the express request
 * to start at once, and that an EU/UK consumer's right to withdraw ends once the service is
 * fully performed. The Consumer Rights Directive's rule for services asks for it (art. 16(a) with
 * 7(3) and 8(8)), since the plans are a service.
 */
export const expressStart = {
  key: "startNow",
  label: "Start your subscription at once?",
  option: {
    value: "startNow",
    label:
      "Yes, start now; I accept that my EU/UK right to withdraw ends once it is fully performed",
  },
} as const;

/** How long the browser waits for the checkout function; the function answers well before. */
export const checkoutTimeoutMs = 15_000;

/** How long the browser waits for the feed function; the function answers well before. */
export const feedTimeoutMs = 10_000;

export type EpisodeTypeCounts = {
  full: number;
  trailer: number;
  bonus: number;
  unspecified: number;
};

export type MonthCount = { month: string; episodes: number };
export type Period = {
  months: number;
  /** Episodes a month on average, to one decimal. */
  mean: number;
  busiest: MonthCount;
};

/** What `episodesPerMonth` was worked out from; the finder says it in words. */
export type PaceBasis =
  /** The 12 complete months before today. */
  | { kind: "last12" }
  /** The show is younger than that: since its first episode, `months` ago (at least 1). */
  | { kind: "since"; firstEpisodeAt: string; months: number }
  /** The feed is one page of a longer list: from the `episodes` it lists, over `months`. */
  | { kind: "latest"; episodes: number; firstEpisodeAt: string; months: number }
  /** No rate: too few episodes (one or two, trailers and bonus episodes aside), or too few of them dated. */
  | { kind: "none"; reason: "too_few_episodes" | "too_few_dates" };

export type Cadence = {
  title: string;
  artworkUrl: string | null;
  /**
   * Episodes in the feed: distinct published episodes (one per audio or video file), dated or
   * not, trailers and bonus episodes included; scheduled items are not counted.
   */
  episodes: number;
  /** Of those, the ones the pace counts: all but trailers and bonus episodes. */
  pacedEpisodes: number;
  /** `episodes` by `itunes:episodeType`; `unspecified` had none. */
  episodeTypes: EpisodeTypeCounts;
  /** `podcast:medium` as written; null when absent, which means "podcast". */
  medium: string | null;
  /** `itunes:complete`: the show says it will publish no more episodes. */
  complete: boolean;
  /** `itunes:block`: the show asks Apple Podcasts to leave it out of its directory. */
  blocked: boolean;
  /** Of those, how many have a readable date (future ones included). */
  datedEpisodes: number;
  /** Share of published episodes with a readable date, 0 to 1, to two decimals. */
  datedShare: number;
  /** Under 80% dated: the figure rests on part of the feed, and the finder says so. */
  fewDated: boolean;
  /** Episodes dated after today: neither the latest nor counted. */
  futureEpisodes: number;
  /** Items listed again with the same file, counted once. */
  duplicateItems: number;
  /** The feed said it is one page of a longer list. */
  paged: boolean;
  /**
   * ISO date of the newest dated episode that is not in the future: of the paced ones, or of
   * all when none of those has a date.
   */
  lastEpisodeAt: string;
  /** The figure the finder recommends on, to one decimal; null when there is no rate. */
  episodesPerMonth: number | null;
  basis: PaceBasis;
  /** The 12 complete calendar months (UTC) before this one, oldest first. */
  months: MonthCount[];
  last6: Period;
  last12: Period;
  /** Months among those 12 with five or more episodes. */
  monthsWithFiveOrMore: number;
  /** Median duration of the episodes in those 12 months (or of all, if none had one). */
  medianDurationSeconds: number | null;
  hasTranscripts: boolean;
};

// The EU/UK withdrawal period, counted in calendar days as Regulation (EEC, Euratom) 1182/71
// counts time limits. The subscriber's time zone is unknown, so the count never ends earlier
// than it would in any zone: the day of subscribing is the latest date on Earth (UTC+14), and
// the last day ends where days end last (UTC−12).

/** The withdrawal period's length, in calendar days after the day of subscribing. */
export const WITHDRAWAL_DAYS = 14;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export type WithdrawalPeriod = {
  /** The period's last day, YYYY-MM-DD: a weekday. */
  lastDay: string;
  /** The moment it ends: that day's end in UTC−12, 12:00 UTC on the next day. */
  endsAt: Date;
};

/** When the withdrawal period of a subscription that started at `subscribedAt` ends. */
export function withdrawalPeriod(subscribedAt: Date): WithdrawalPeriod {
  const latest = new Date(subscribedAt.getTime() + 14 * HOUR_MS);
  const dayOfSubscribing = Date.UTC(
    latest.getUTCFullYear(),
    latest.getUTCMonth(),
    latest.getUTCDate(),
  );
  let last = dayOfSubscribing + WITHDRAWAL_DAYS * DAY_MS;
  // A period that would end on a Saturday or a Sunday runs to the end of the next Monday.
  const weekday = new Date(last).getUTCDay();
  if (weekday === 6) last += 2 * DAY_MS;
  if (weekday === 0) last += DAY_MS;
  return {
    lastDay: new Date(last).toISOString().slice(0, 10),
    endsAt: new Date(last + DAY_MS + 12 * HOUR_MS),
  };
}

/** Whether a statement received at `receivedAt` falls within the withdrawal period. */
export function withinWithdrawalPeriod(subscribedAt: Date, receivedAt: Date): boolean {
  return receivedAt.getTime() < withdrawalPeriod(subscribedAt).endsAt.getTime();
}

// The first 14 days' refunds as one rule: the money-back guarantee and the EU/UK withdrawal
// cover the same fortnight, so a withdrawal never returns less than an e-mail claiming the
// guarantee would. The guarantee's 14 days are counted as the withdrawal period is.

/** A withdrawal's refund, pro rata: the words every mention of it uses. */
export const PRO_RATA_REFUND = "your payment less the part of the billing period that had passed";

/**
 * What canceling or withdrawing within the 14 days refunds, the one rule the Terms, /cancel,
 * /withdraw, the FAQ, the e-mails and manage-subscription (`withdrawalRefund`, `cancelEndsNow`)
 * state and apply.
 */
export const FIRST_FORTNIGHT_REFUND = `Canceling or withdrawing from your first subscription within the ${WITHDRAWAL_DAYS} days from its first payment ends it at once (a cancellation, unless a payment for it is overdue) and refunds whichever is larger: that payment in full, as the money-back guarantee does, or ${PRO_RATA_REFUND} when you canceled or withdrew; a withdrawal within the ${WITHDRAWAL_DAYS} days from a later subscription refunds ${PRO_RATA_REFUND}.`;

/**
 * What a cancellation does, in the first fortnight and after it (manage-subscription's
 * `cancelEndsNow`): the words /cancel, the Terms, the FAQ, Checkout and the e-mails use.
 */
export const CANCEL_EFFECT = `Within the ${WITHDRAWAL_DAYS} days from your first subscription's first payment, canceling it ends it at once and refunds at least that payment in full, unless a payment for it is overdue. Any other cancellation stops the next renewal: you are not charged again, and you keep access until the end of the billing period you have already paid for.`;

/**
 * What Checkout's "start now" choice means now that the first fortnight always refunds: the
 * service starts at once, and no refund of those 14 days is lost by it.
 */
export const EXPRESS_START_MEANING = `Choosing to start at once lets us provide the service from the moment you pay, and takes nothing from your first ${WITHDRAWAL_DAYS} days: a subscription continues month after month, so it is not fully performed while it runs, however many episodes you have had processed, and the right to withdraw, with its refund, lasts the whole ${WITHDRAWAL_DAYS} days.`;

/**
 * Where a subscriber reaches the service after paying: the product's own web app, which this
 * repository does not include. EXAMPLE VALUES, like app/config/legal-entity.ts's: set `url` to
 * the app's address (null when there is none and subscribers send episodes by e-mail) and
 * `signIn` to how it signs people in, before launch (docs/deployment.md).
 */
export const SUBSCRIBER_APP: { url: string | null; signIn: string } = {
  url: "https://app.castloop.com",
  signIn: "a one-time link we e-mail to that address, with no password",
};

/** The app's address as a reader types it: its host, which Markdown leaves unlinked. */
const appHost = SUBSCRIBER_APP.url === null ? null : new URL(SUBSCRIBER_APP.url).host;

/** Where each episode is uploaded, after "You upload each episode as an MP3, WAV, AAC or M4A file". */
export const UPLOAD_PLACE =
  appHost === null
    ? "by replying to the welcome e-mail we send the address you gave at checkout"
    : `in our web app at ${appHost}`;

/**
 * What a subscriber has after paying, where they sign in and upload, and how they get there:
 * the one account story of the Terms, Privacy, Cookies, Help, /success and the confirmation e-mail.
 */
export const SUBSCRIBER_ACCESS: string =
  appHost === null
    ? "Paying gives you a subscription under the e-mail address you gave at checkout, with no account or sign-in anywhere: within one business day we e-mail that address a welcome, and you send each episode by replying to it. Canceling and withdrawing on this website need only that address."
    : `Paying gives you an account in our web app at ${appHost}, under the e-mail address you gave at checkout. To get there, follow the link on the page you reach after paying, or type ${appHost} into your browser; sign in with ${SUBSCRIBER_APP.signIn}, and upload each episode there. This website has no sign-in of its own: canceling and withdrawing here need only that address.`;

/** How the period is counted, in the words the Terms, the FAQ and the e-mails use. */
export const withdrawalPeriodRule = `The ${WITHDRAWAL_DAYS} days start the day after the day you subscribe and end when the ${WITHDRAWAL_DAYS}th day has ended everywhere on Earth (at 12:00 UTC the next day); if the ${WITHDRAWAL_DAYS}th day is a Saturday or a Sunday, they run to the end of the following Monday.`;

/**
 * Hours a withdrawal waits when its confirmation goes to another mailbox than the address on
 * file: the owner is e-mailed a link that stops it meanwhile (ADR 019).
 */
export const STRANGER_WITHDRAWAL_DELAY_HOURS = 24;

/** The wait, in the words the Terms, /withdraw and the e-mails use. */
export const strangerWithdrawalRule = `If the confirmation goes to another e-mail address than the one the subscription uses, we wait ${STRANGER_WITHDRAWAL_DELAY_HOURS} hours before ending it and e-mail the address on file a link to stop it, so the subscription's owner can stop a withdrawal they did not make. The wait changes nothing in the amount: the part of the billing period that had passed is counted to the moment your statement reached us.`;

// The manage-subscription function's answers and refusals, which its pages print too.

/** The one answer to a cancellation, whether or not a subscription matched. */
export const CANCEL_ANSWER = `If a subscription uses that address, it is canceled, and we have e-mailed the details. Within the ${WITHDRAWAL_DAYS} days from its first payment, your first subscription has ended, with a refund of at least that payment in full, unless a payment for it is overdue; any other ends at the end of its paid period.`;

/** The one answer to a withdrawal, whether or not a subscription matched. */
export const WITHDRAW_ANSWER = `We have received your withdrawal and are e-mailing an acknowledgment of receipt, with its content, date and time, to the confirmation address. If a subscription uses the e-mail address you gave and you withdrew within the ${WITHDRAWAL_DAYS}-day withdrawal period, it ends and we refund at least its first payment in full if it is your first subscription, otherwise ${PRO_RATA_REFUND}; after that period, it is canceled at the end of its paid period instead. Either way, we e-mail that address what we have done. ${strangerWithdrawalRule}`;

/** How long a "Keep my subscription" link works at most, in days. */
export const KEEP_LINK_DAYS = 14;

/** The undo link's validity, in the words every mention of it uses. */
export const keepLinkValidity = `for ${KEEP_LINK_DAYS} days, or until the paid period ends, if that comes first`;

/** How long a change-plan link works, in hours: once, within this time. */
export const PLAN_LINK_HOURS = 24;

/** The one answer to a change-plan request, whether or not a subscription matched. */
export const CHANGE_PLAN_ANSWER = `If a subscription uses that address, we have e-mailed it a link to change its plan. The link works once, for ${PLAN_LINK_HOURS} hours.`;

/** The button on /change-plan/confirm, and the link text in the change-plan e-mail. */
export const CHANGE_PLAN_BUTTON_LABEL = "Change my plan";

/**
 * What a plan change does in Stripe's customer portal (`always_invoice`; a downgrade scheduled
 * at the period's end, manage-subscription/portal.ts): every page, e-mail and the Terms quote these.
 */
export const PLAN_UPGRADE_RULE =
  "An upgrade takes effect at once: Stripe charges the prorated difference, taxes included, for the rest of the current billing period.";
export const PLAN_DOWNGRADE_RULE =
  "A downgrade takes effect at the end of the period you have paid for, so you keep your current plan until then, and the lower price, taxes included, applies from that renewal.";
export const PLAN_CHANGE_RULE = `${PLAN_UPGRADE_RULE} ${PLAN_DOWNGRADE_RULE}`;

/**
 * A second subscription under one mailbox (stripe-webhook/confirmation.ts,
 * manage-subscription/end-older.ts): what the end-older link offers, in the confirmation e-mail,
 * on /change-plan/end-older and in the Terms.
 */
export const END_OLDER_RULE = `If you subscribe again with an e-mail address that already has a live subscription, the confirmation e-mail names both plans and, for each older subscription, gives a link to end it now. The link works once, for ${PLAN_LINK_HOURS} hours, and opens a page with one button: nothing is ended unless you press it.`;
/** What ending the older subscription does (end-older.ts, `unusedPart` in work.ts). */
export const END_OLDER_REFUND = `The older subscription ends at once, and we refund its unused part to the card it was paid with: its latest payment, less the share of its current billing period that had passed when you pressed the button. If it is the first subscription your address has had and you press the button within the ${WITHDRAWAL_DAYS} days from its first payment, we refund whichever is larger, as canceling it would: that payment in full, or its unused part.`;
/** The button on /change-plan/end-older, and the link text in the confirmation e-mail. */
export const END_OLDER_BUTTON_LABEL = "End the older subscription";
/** After the older subscription was ended and its refund made. */
export const END_OLDER_ANSWER =
  "The older subscription has ended, and its refund, its unused part or more in its first fortnight, is on its way to the card it was paid with. Your newer subscription continues.";

/** The undo button on /cancel/keep, and the link text in the cancellation e-mail. */
export const KEEP_BUTTON_LABEL = "Keep my subscription";

/** After "Keep my subscription". */
export const KEEP_ANSWER =
  "Your subscription continues: the cancellation or withdrawal is undone, and it renews as before.";

/** Where each refusal sends a visitor's plain form: the form's page, at `#error-<code>`. */
export const MANAGE_MESSAGES = {
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
  name_has_address:
    "Please enter only your name: it cannot hold a web address, an e-mail address or anything like example.com.",
  invalid_plan: "Please choose Starter, Pro or Expert, or leave the plan empty.",
  invalid_date: "Please enter the day you subscribed as a date that has passed, or leave it empty.",
  invalid_token: "This link is incomplete. Please open it again from your e-mail.",
  invalid_link:
    "This link is not valid. Please open it again from your e-mail, or contact support.",
  link_expired: `This link has expired. A link that undoes a cancellation works ${keepLinkValidity}, and one that stops a withdrawal works until the withdrawal takes effect. The cancellation or withdrawal it named stands; you can subscribe again on the pricing page.`,
  link_superseded:
    "This link belongs to an earlier cancellation, so it no longer works. Please use the link in the latest e-mail we sent you, or contact support.",
  subscription_ended:
    "This subscription has already ended, so it can no longer be kept. You can subscribe again on the pricing page.",
  plan_link_expired: `This link has expired: it works for ${PLAN_LINK_HOURS} hours. Please ask for a new one on the change-plan page.`,
  plan_link_used:
    "This link has already been used. Please ask for a new one on the change-plan page.",
  end_link_expired: `This link has expired: it works for ${PLAN_LINK_HOURS} hours. Nothing was ended. To end the older subscription now, please write to support; to stop its renewal, cancel it on the cancellation page.`,
  end_link_used:
    "This link has already been used: the older subscription it names has been ended and refunded.",
  older_already_ended:
    "The older subscription had already ended, so nothing was ended or refunded now. Your newer subscription continues.",
  end_older_pending:
    "Our payment provider stopped answering partway. Your choice is recorded: we keep trying in the background over the next hour to end the older subscription and refund it, and if that still fails, a person on our team finishes it. There is nothing more for you to do.",
  rate_limited: "Too many requests. Please wait a while and try again.",
  not_configured:
    "Managing subscriptions online is not set up on this server yet. Please e-mail support.",
  database_unavailable:
    "We cannot take requests just now. Nothing was changed. Please try again in a minute.",
  billing_unavailable:
    "Our payment provider is not answering just now. Nothing was changed. Please try again in a minute.",
} as const satisfies Record<string, string>;

export type ManageErrorCode = keyof typeof MANAGE_MESSAGES;

/** The result pages a plain form is sent to after success. */
export const MANAGE_RESULT_PATHS = {
  cancel: SITE_PATHS.cancelRequested,
  withdraw: SITE_PATHS.withdrawReceived,
  keep: SITE_PATHS.cancelKept,
  change_plan: SITE_PATHS.changePlanSent,
  // A button that worked leaves for Stripe's portal; this page is only the JSON answer's twin.
  portal: SITE_PATHS.changePlanConfirm,
  end_older: SITE_PATHS.changePlanEnded,
} as const;

/** The form each action's refusals return to. */
export const MANAGE_FORM_PATHS = {
  cancel: SITE_PATHS.cancel,
  withdraw: SITE_PATHS.withdraw,
  keep: SITE_PATHS.cancelKeep,
  change_plan: SITE_PATHS.changePlan,
  portal: SITE_PATHS.changePlanConfirm,
  // The outcome page shows the refusals too: the button's page holds only the link.
  end_older: SITE_PATHS.changePlanEnded,
} as const;

/** The codes each form page can show (the others cannot come from its own form). */
export const MANAGE_FORM_ERRORS = {
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
    "name_has_address",
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
    "link_superseded",
    "subscription_ended",
    "rate_limited",
    "not_configured",
    "database_unavailable",
    "billing_unavailable",
    "internal_error",
  ],
  change_plan: [
    "forbidden_origin",
    "invalid_body",
    "missing_field",
    "invalid_email",
    "rate_limited",
    "not_configured",
    "database_unavailable",
    "internal_error",
  ],
  portal: [
    "forbidden_origin",
    "invalid_token",
    "invalid_link",
    "plan_link_expired",
    "plan_link_used",
    "rate_limited",
    "not_configured",
    "database_unavailable",
    "billing_unavailable",
    "internal_error",
  ],
  end_older: [
    "forbidden_origin",
    "invalid_token",
    "invalid_link",
    "end_link_expired",
    "end_link_used",
    "end_older_pending",
    "older_already_ended",
    "rate_limited",
    "not_configured",
    "database_unavailable",
    "billing_unavailable",
    "internal_error",
  ],
} as const satisfies Record<string, readonly ManageErrorCode[]>;

// Every refusal a function answers with, in the words visitors see.

/** Texts every function answers with for the refusals `serveFunction` makes itself. */
export const SERVE_MESSAGES = {
  method_not_allowed: "This endpoint only accepts POST requests.",
  internal_error: "Something went wrong on our side. Please try again later.",
  database_unavailable: "We can't take requests just now. Please try again in a minute.",
} as const;

/** Texts for the refusals `readJsonRequest` makes. */
export const REQUEST_MESSAGES = {
  unsupported_media_type: "The request must be sent as JSON.",
  payload_too_large: "The request is too large.",
  request_timeout: "The request took too long to arrive. Please try again.",
  incomplete_body: "The request arrived incomplete. Please try again.",
  invalid_json: "The request body is not valid JSON.",
} as const;

/** Texts for the refusals `readFormRequest` makes. */
export const FORM_MESSAGES = {
  payload_too_large: "The request is too large.",
  request_timeout: "The request took too long to arrive. Please try again.",
  incomplete_body: "The request arrived incomplete. Please try again.",
  invalid_form: "The form could not be read. Please reload the page and try again.",
} as const;

/**
 * Visitors see these after "Failed to start subscription process: ": in a toast on the JSON
 * path, and in the notice a form post's failure returns to (app/plans/checkout/checkout-notices.ts).
 */
export const CHECKOUT_MESSAGES = {
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

export type CheckoutMessageCode = keyof typeof CHECKOUT_MESSAGES;

/** The element id of the notice a form post's failure returns to: one per code. */
export function checkoutNoticeId(code: CheckoutMessageCode): string {
  return `checkout-error-${code.replaceAll("_", "-")}`;
}

// What a subscriber is told once a subscription starts: the page that changes a plan, where the
// service itself is reached, and the model withdrawal form the Terms and the confirmation
// e-mail both print.

/** The page where a subscriber changes plans instead of buying a second subscription. */
export const changePlanPath = SITE_PATHS.changePlan;

/** The link text every page and e-mail uses for the change-plan page. */
export const changePlanLabel = "Change your plan";

/**
 * Who the withdrawal form is addressed to: the business that runs the site (example values;
 * app/config/legal-entity.ts takes its name and address from here, README "Legal pages").
 */
export const TRADER = {
  name: "Castloop Example, Inc.",
  postalAddress: "1 Example Plaza, Suite 100, Example City, DE 19999, United States",
} as const;

/** A blank the consumer fills in on the model withdrawal form. */
export const FORM_BLANK = "________";

/**
 * The model withdrawal form (Consumer Rights Directive, Annex I(B)), one paragraph per entry,
 * addressed to the trader at `email`. The Terms quote it as Markdown, the confirmation as text.
 */
export function modelWithdrawalForm(brand: string, email: string): string[] {
  return [
    `To ${TRADER.name}, ${TRADER.postalAddress}, e-mail ${email}:`,
    `I/We (*) hereby give notice that I/We (*) withdraw from my/our (*) contract for the provision of the following service: ${brand} subscription, plan: ${FORM_BLANK}`,
    `Ordered on (*): ${FORM_BLANK}`,
    `Name of consumer(s): ${FORM_BLANK}`,
    `Address of consumer(s): ${FORM_BLANK}`,
    `E-mail address used to subscribe: ${FORM_BLANK}`,
    `Signature of consumer(s) (only if this form is sent on paper): ${FORM_BLANK}`,
    `Date: ${FORM_BLANK}`,
    "(*) Delete as appropriate.",
  ];
}
