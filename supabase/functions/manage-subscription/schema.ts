import { z } from "zod";
import { databaseUrlFromEnv } from "../_shared/db.ts";
import { hasLineBreak, isEmailAddress } from "../_shared/email.ts";
import {
  envProblems,
  FunctionConfigError,
  functionEnvShape,
  optional,
  secureApiBase,
  siteAndOrigins,
} from "../_shared/env.ts";
import {
  checkoutPlanIds as PLAN_IDS,
  checkoutPlanNames,
  DEFAULT_SUPPORT_EMAIL,
  withdrawalPlanNames,
} from "../_shared/contract.ts";
import { linkSecretOf, linkSecretSchema, MIN_LINK_SECRET_LENGTH } from "../_shared/link-secret.ts";
import { isLiveKey, PRICE_ENV_BY_PLAN } from "../_shared/stripe-settings.ts";

// What a visitor may send, and what the operator configures. One endpoint, three actions:
// `cancel` {email}, `withdraw` {name, email, plan?, subscribedOn?, confirmTo} and `keep`
// {token}; the same fields arrive from a plain form (urlencoded) or from a script (JSON).

export const ACTIONS = [
  "cancel",
  "withdraw",
  "keep",
  "change_plan",
  "portal",
  "end_older",
] as const;
export type Action = (typeof ACTIONS)[number];

/**
 * Whether a visitor's value names one of the actions. A list, never `value in TABLE`: a key
 * such as `constructor` or `__proto__` is "in" every plain object through its prototype.
 */
export const isAction = (value: unknown): value is Action =>
  typeof value === "string" && (ACTIONS as readonly string[]).includes(value);

/** The plans a withdrawal form offers, by the names the site shows. */
export const PLAN_NAMES = withdrawalPlanNames;

export const MAX_NAME_LENGTH = 200;
// Control characters (C0, DEL, C1, so line breaks too), the Unicode line and paragraph
// separators, and the invisible format characters (category Cf: the bidi controls U+202A–202E
// and U+2066–2069, the zero-width U+200B–200F, U+FEFF, the soft hyphen…), which could hide or
// reorder what a person reads in an e-mail or a log.
const CONTROL = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;
// Except a zero-width (non-)joiner between two letters of a script other than Latin: Persian
// writes a ZWNJ inside many names, and Indic scripts a ZWJ for some letter forms.
const SCRIPT_JOINER =
  /(?<=(?!\p{Script=Latin})[\p{L}\p{M}])[\u200C\u200D](?=(?!\p{Script=Latin})[\p{L}\p{M}])/gu;
const hidesText = (name: string) => CONTROL.test(name.replace(SCRIPT_JOINER, ""));
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
// What a name must not carry, so the receipt to a confirmation address never relays a
// stranger's link: a scheme, `www.`, an `@`, or a host-like `label.tld` (letters or digits, a
// dot, then two or more letters, as in example.com; "J. R. Tolkien" has a space after its dots).
const ADDRESS_LIKE = /:\/\/|www\.|@|[\p{L}\p{N}-]\.\p{L}{2,}/iu;

/** Whether a name carries a web address or something a mail client would make one of. */
export const looksLikeAddress = (name: string) => ADDRESS_LIKE.test(name.normalize("NFKC"));

export type CancelBody = { action: "cancel"; email: string };
export type KeepBody = { action: "keep"; token: string };
export type WithdrawBody = {
  action: "withdraw";
  name: string;
  email: string;
  plan?: string;
  subscribedOn?: string;
  confirmTo: string;
};
export type ChangePlanBody = { action: "change_plan"; email: string };
export type PortalBody = { action: "portal"; token: string };
/** The end-older link's button (end-older.ts): the token of a second subscription's e-mail. */
export type EndOlderBody = { action: "end_older"; token: string };
export type ManageBody =
  CancelBody | KeepBody | WithdrawBody | ChangePlanBody | PortalBody | EndOlderBody;

export type BodyErrorCode =
  | "invalid_body"
  | "invalid_action"
  | "unknown_field"
  | "missing_field"
  | "invalid_email"
  | "invalid_confirm_to"
  | "invalid_name"
  | "name_has_address"
  | "invalid_plan"
  | "invalid_date"
  | "invalid_token";

export type BodyParseResult = { ok: true; body: ManageBody } | { ok: false; code: BodyErrorCode };

const FIELDS: Record<Action, readonly string[]> = {
  cancel: ["action", "email"],
  keep: ["action", "token"],
  portal: ["action", "token"],
  end_older: ["action", "token"],
  change_plan: ["action", "email"],
  withdraw: ["action", "name", "email", "plan", "subscribedOn", "confirmTo"],
};

/** A form's empty optional field means "not given". */
const given = (value: unknown) => (value === "" ? undefined : value);

function email(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const trimmed = value.trim();
  return isEmailAddress(trimmed) && !CONTROL.test(trimmed) ? trimmed : undefined;
}

/** A calendar day from 2020 to `today`, as YYYY-MM-DD. */
function pastDay(value: string, today: Date): boolean {
  const match = DAY.exec(value);
  if (match === null) return false;
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) return false;
  return Number(match[1]) >= 2020 && date.getTime() <= today.getTime();
}

/** The token itself, or the one in a pasted "Keep my subscription" link. */
function tokenFrom(value: string): string {
  const trimmed = value.trim();
  const query = trimmed.indexOf("?");
  if (query < 0) return trimmed;
  return new URLSearchParams(trimmed.slice(query + 1).split("#")[0]).get("token") ?? "";
}

/** Checks one request body; the first problem found is the one reported. */
export function parseManageBody(value: unknown, today: Date): BodyParseResult {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { ok: false, code: "invalid_body" };
  }
  const fields = value as Record<string, unknown>;
  const action = fields.action;
  if (!isAction(action)) return { ok: false, code: "invalid_action" };
  const allowed = FIELDS[action];
  if (Object.keys(fields).some((key) => !allowed.includes(key))) {
    return { ok: false, code: "unknown_field" };
  }
  if (action === "keep" || action === "portal" || action === "end_older") {
    const token = fields.token;
    if (token === undefined) return { ok: false, code: "missing_field" };
    if (typeof token !== "string" || token.length > 2000)
      return { ok: false, code: "invalid_token" };
    return { ok: true, body: { action, token: tokenFrom(token) } };
  }
  if (fields.email === undefined || fields.email === "")
    return { ok: false, code: "missing_field" };
  const address = email(fields.email);
  if (address === undefined) return { ok: false, code: "invalid_email" };
  if (action === "cancel" || action === "change_plan")
    return { ok: true, body: { action, email: address } };

  const { name, confirmTo } = fields;
  const plan = given(fields.plan);
  const subscribedOn = given(fields.subscribedOn);
  if (name === undefined || name === "" || confirmTo === undefined || confirmTo === "") {
    return { ok: false, code: "missing_field" };
  }
  if (
    typeof name !== "string" ||
    name.trim() === "" ||
    name.length > MAX_NAME_LENGTH ||
    hidesText(name) ||
    hasLineBreak(name)
  ) {
    return { ok: false, code: "invalid_name" };
  }
  if (looksLikeAddress(name)) return { ok: false, code: "name_has_address" };
  const confirmAddress = email(confirmTo);
  if (confirmAddress === undefined) return { ok: false, code: "invalid_confirm_to" };
  if (plan !== undefined && !(PLAN_NAMES as readonly unknown[]).includes(plan)) {
    return { ok: false, code: "invalid_plan" };
  }
  if (
    subscribedOn !== undefined &&
    (typeof subscribedOn !== "string" || !pastDay(subscribedOn, today))
  ) {
    return { ok: false, code: "invalid_date" };
  }
  return {
    ok: true,
    body: {
      action: "withdraw",
      name: name.trim(),
      email: address,
      confirmTo: confirmAddress,
      ...(plan === undefined ? {} : { plan: plan as string }),
      ...(subscribedOn === undefined ? {} : { subscribedOn: subscribedOn as string }),
    },
  };
}

// ---- Configuration ----

export const DEFAULT_MANAGE_RATE_LIMIT = 10;
/** E-mails per hour to one canonical mailbox (docs/security.md). */
export const DEFAULT_MANAGE_EMAIL_RATE_LIMIT = 5;
/**
 * E-mails per hour the function sends in all: a site of this size sends a few a day (each
 * cancellation or withdrawal writes one to three), so 100 leaves room for a busy hour and keeps
 * a flood far below what would put the sending account at risk.
 */
export const DEFAULT_MANAGE_EMAIL_RATE_LIMIT_GLOBAL = 100;
export { MIN_LINK_SECRET_LENGTH };

const count = (what: string) =>
  optional(
    z
      .string()
      .regex(/^\d+$/, { message: `must be a whole number of ${what} (0 = off)` })
      .transform(Number),
  );

export const manageEnvSchema = z.object({
  ...functionEnvShape,
  STRIPE_SECRET_KEY: optional(z.string()),
  STRIPE_API_BASE: optional(secureApiBase),
  STRIPE_PRICE_STARTER: optional(z.string()),
  STRIPE_PRICE_PRO: optional(z.string()),
  STRIPE_PRICE_EXPERT: optional(z.string()),
  SUBSCRIPTION_LINK_SECRET: linkSecretSchema,
  JOBS_SECRET: optional(
    z.string().min(MIN_LINK_SECRET_LENGTH, {
      message: `must be at least ${MIN_LINK_SECRET_LENGTH} characters (e.g. openssl rand -hex 32)`,
    }),
  ),
  MANAGE_RATE_LIMIT: count("requests per minute per client"),
  MANAGE_EMAIL_RATE_LIMIT: count("e-mails per hour per mailbox"),
  MANAGE_EMAIL_RATE_LIMIT_GLOBAL: count("e-mails per hour in all"),
  VITE_SUPPORT_EMAIL: optional(z.string()),
  STRIPE_PORTAL_CONFIGURATION: optional(
    z.string().regex(/^bpc_[A-Za-z0-9]{1,100}$/, {
      message: "must be a Stripe id that starts with bpc_",
    }),
  ),
});

export interface ManageConfig {
  siteUrl: string;
  allowedOrigins: string[];
  stripeApiBase: URL | undefined;
  secretKey: string | undefined;
  /** SUBSCRIPTION_LINK_SECRET, or with a test-mode Stripe key one derived from it. */
  linkSecret: string | undefined;
  /** JOBS_SECRET: opens the jobs route (`POST …/jobs`); without it the route does not exist. */
  jobsSecret: string | undefined;
  /** Stripe price id → plan name, for the e-mails. */
  planNames: Map<string, string>;
  /** The customer portal configuration to use; undefined: the function makes its own. */
  portalConfiguration: string | undefined;
  rateLimitPerMinute: number;
  emailRateLimitPerHour: number;
  emailRateLimitGlobalPerHour: number;
  supportEmail: string;
  /** DATABASE_URL, else SUPABASE_DB_URL; undefined when neither is set. */
  databaseUrl: string | undefined;
  /** Names (never values) of the variables that are missing. */
  missing: string[];
}

export class ManageConfigError extends FunctionConfigError {
  constructor(problems: readonly string[]) {
    super("manage-subscription", problems);
    this.name = "ManageConfigError";
  }
}

/** Throws ManageConfigError for malformed values; missing secrets only disable the actions. */
export function parseManageEnv(env: Record<string, string | undefined>): ManageConfig {
  const result = manageEnvSchema.safeParse(env);
  if (!result.success) throw new ManageConfigError(envProblems(result.error));
  const vars = result.data;
  if (vars.STRIPE_API_BASE !== undefined && isLiveKey(vars.STRIPE_SECRET_KEY ?? "")) {
    throw new ManageConfigError([
      "STRIPE_API_BASE must not be set when STRIPE_SECRET_KEY is a live key (sk_live_ or rk_live_)",
    ]);
  }
  const site = siteAndOrigins(vars);
  if ("problem" in site) throw new ManageConfigError([site.problem]);
  const planNames = new Map<string, string>();
  for (const plan of PLAN_IDS) {
    const price = vars[PRICE_ENV_BY_PLAN[plan] as "STRIPE_PRICE_STARTER"];
    if (price !== undefined) planNames.set(price, checkoutPlanNames[plan]);
  }
  // Read as the webhook reads it (link-secret.ts), which signs the end-older links.
  const linkSecret = linkSecretOf(vars.SUBSCRIPTION_LINK_SECRET, vars.STRIPE_SECRET_KEY);
  const missing = [
    ...(vars.STRIPE_SECRET_KEY === undefined ? ["STRIPE_SECRET_KEY"] : []),
    ...(linkSecret === undefined ? ["SUBSCRIPTION_LINK_SECRET"] : []),
    // A live key schedules its due work through the jobs route, which needs its own secret.
    ...(vars.JOBS_SECRET === undefined && isLiveKey(vars.STRIPE_SECRET_KEY ?? "")
      ? ["JOBS_SECRET"]
      : []),
  ];
  return {
    ...site,
    stripeApiBase: vars.STRIPE_API_BASE === undefined ? undefined : new URL(vars.STRIPE_API_BASE),
    secretKey: vars.STRIPE_SECRET_KEY,
    linkSecret,
    jobsSecret: vars.JOBS_SECRET,
    planNames,
    portalConfiguration: vars.STRIPE_PORTAL_CONFIGURATION,
    rateLimitPerMinute: vars.MANAGE_RATE_LIMIT ?? DEFAULT_MANAGE_RATE_LIMIT,
    emailRateLimitPerHour: vars.MANAGE_EMAIL_RATE_LIMIT ?? DEFAULT_MANAGE_EMAIL_RATE_LIMIT,
    emailRateLimitGlobalPerHour:
      vars.MANAGE_EMAIL_RATE_LIMIT_GLOBAL ?? DEFAULT_MANAGE_EMAIL_RATE_LIMIT_GLOBAL,
    supportEmail: vars.VITE_SUPPORT_EMAIL ?? DEFAULT_SUPPORT_EMAIL,
    databaseUrl: databaseUrlFromEnv(vars),
    missing,
  };
}
