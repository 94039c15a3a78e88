import { LOCAL_EMAIL_FROM } from "../../supabase/functions/_shared/email-env.ts";
import { FUNCTIONS_PATH } from "../../supabase/functions/_shared/contract.ts";
import {
  DEFAULT_RATE_LIMIT_PER_MINUTE,
  GLOBAL_RATE_LIMIT_FACTOR,
} from "../../supabase/functions/create-checkout/schema.ts";
import {
  DEFAULT_FEED_RATE_LIMIT_PER_MINUTE,
  FEED_GLOBAL_RATE_LIMIT_FACTOR,
} from "../../supabase/functions/feed-cadence/schema.ts";
import {
  DEFAULT_MANAGE_EMAIL_RATE_LIMIT,
  DEFAULT_MANAGE_EMAIL_RATE_LIMIT_GLOBAL,
  DEFAULT_MANAGE_RATE_LIMIT,
  MIN_LINK_SECRET_LENGTH,
} from "../../supabase/functions/manage-subscription/schema.ts";

/**
 * What each configuration variable means, for docs/configuration.md. Which process reads a
 * variable, and the default of every build and server variable, come from the env schemas
 * themselves (read-schemas.ts); a variable a schema reads without an entry here, or an entry no
 * schema reads, stops `npm run docs:config`.
 */
export interface VariableDoc {
  /**
   * The default as a reader should see it, in Markdown. Required for the functions' variables,
   * whose schemas leave defaults to their parsers; for the build's and the server's, the parsed
   * default is shown and this text follows it.
   */
  default?: string;
  meaning: string;
  /** A secret: set with `supabase secrets set`, never prefixed `VITE_`. */
  secret?: boolean;
}

const perClient = (what: string, fallback: number) => ({
  default: `\`${fallback}\``,
  meaning: `${what} per minute per client, IPv6 per /64 (\`0\` = off).`,
});
const overall = (what: string, factor: number) => ({
  default: `${factor} × the per-client limit`,
  meaning: `${what} per minute for all clients together (\`0\` = off).`,
});

export const variableDocs: Readonly<Record<string, VariableDoc>> = {
  PORT: {
    meaning: "Port of the production server (`npm start`); the functions' default site URL.",
  },
  HOST: { meaning: "Address the server listens on (`0.0.0.0` in a container)." },
  TRUSTED_PROXY_HOPS: {
    meaning:
      "Reverse proxies in front of the server whose `X-Forwarded-For` entries are trusted (`0`: the rate limits key on the socket's address).",
  },
  SITE_URL: {
    default: "(`http://localhost:$PORT`)",
    meaning:
      "Public origin: canonical links, sitemap, share images, checkout return URLs, the links in e-mails.",
  },
  VITE_SIGNUP_URL: {
    meaning: "External sign-up form opened by **Sign up** and **Get Started** (new tab).",
  },
  VITE_CONTACT_URL: {
    meaning: "External contact form opened by the Agency plan's **Contact Us**.",
  },
  VITE_SUPPORT_EMAIL: {
    meaning:
      "Support address: contact form, Help Center, legal pages, and the address the functions' e-mails name.",
  },
  VITE_SUPABASE_URL: {
    default: "(this site's own origin)",
    meaning: `Supabase project whose \`${FUNCTIONS_PATH}/…\` the pages call and post to.`,
  },
  VITE_SUPABASE_ANON_KEY: { meaning: "Public anon key sent with the calls that carry one." },
  VITE_BILLING_PORTAL_URL: {
    default: "(no portal link)",
    meaning: "Stripe customer-portal login link, linked for invoices and the payment method.",
  },
  VITE_CONFIRMATION_EMAIL: {
    default: "`true` when `STRIPE_WEBHOOK_SECRET` is set in the same environment",
    meaning:
      "`true`: `/success` and the Terms describe the confirmation e-mail the webhook sends, and the Privacy Policy what the webhook keeps; set it on a static host whose webhook runs on Supabase.",
  },
  STRIPE_SECRET_KEY: {
    default: "none: checkout is off, and a person completes each cancellation",
    meaning:
      "Stripe secret key, or better a restricted key with the permissions listed under [Stripe key permissions](#stripe-key-permissions).",
    secret: true,
  },
  STRIPE_PRICE_STARTER: { default: "none", meaning: "Stripe price id of the Starter plan." },
  STRIPE_PRICE_PRO: { default: "none", meaning: "Stripe price id of the Pro plan." },
  STRIPE_PRICE_EXPERT: { default: "none", meaning: "Stripe price id of the Expert plan." },
  STRIPE_API_BASE: {
    default: "Stripe's API",
    meaning:
      "Points the SDK at stripe-mock or a local fake (https, or http on loopback); refused with a live key.",
  },
  ALLOWED_ORIGINS: {
    default: "`SITE_URL`'s origin",
    meaning: "Comma-separated origins allowed to call the functions from a browser or post a form.",
  },
  CHECKOUT_RATE_LIMIT: perClient("Checkout requests", DEFAULT_RATE_LIMIT_PER_MINUTE),
  CHECKOUT_RATE_LIMIT_GLOBAL: overall("Checkout requests", GLOBAL_RATE_LIMIT_FACTOR),
  FEED_RATE_LIMIT: perClient("Feed look-ups", DEFAULT_FEED_RATE_LIMIT_PER_MINUTE),
  FEED_RATE_LIMIT_GLOBAL: overall("Feed look-ups", FEED_GLOBAL_RATE_LIMIT_FACTOR),
  STRIPE_WEBHOOK_SECRET: {
    default: "none: no webhook, so no mirror and no confirmation e-mail",
    meaning:
      "Signing secret (`whsec_…`) of the Stripe webhook endpoint; every delivery is verified with it (required with a live key).",
    secret: true,
  },
  SUBSCRIPTION_LINK_SECRET: {
    default: "derived from a test-mode key",
    meaning: `Signs the keep, change-plan and end-older links (the webhook signs the last, so both functions need it) and keys the per-address limit (${MIN_LINK_SECRET_LENGTH}+ characters; required with a live key).`,
    secret: true,
  },
  STRIPE_PORTAL_CONFIGURATION: {
    default: "found by its metadata, or made by the function",
    meaning:
      "The Stripe customer-portal configuration (`bpc_…`) a change-plan link opens: upgrades charged at once, prorated; downgrades at the end of the paid period (docs/deployment.md).",
  },
  JOBS_SECRET: {
    default: "none: no jobs route (the Node server runs the jobs on an interval itself)",
    meaning:
      "Opens `POST …/manage-subscription/jobs` (header `x-jobs-secret`), which Supabase Cron calls each minute to run the due work (32+ characters; required with a live key).",
    secret: true,
  },
  MANAGE_RATE_LIMIT: {
    default: `\`${DEFAULT_MANAGE_RATE_LIMIT}\``,
    meaning:
      "Cancel and withdraw requests, and apart from them keep requests, per minute per client (`0` = off).",
  },
  MANAGE_EMAIL_RATE_LIMIT: {
    default: `\`${DEFAULT_MANAGE_EMAIL_RATE_LIMIT}\``,
    meaning:
      "E-mails per hour to one mailbox (case, `+tag` and Gmail dots folded); past it they wait in the outbox (`0` = off). Requests themselves are never limited per address.",
  },
  MANAGE_EMAIL_RATE_LIMIT_GLOBAL: {
    default: `\`${DEFAULT_MANAGE_EMAIL_RATE_LIMIT_GLOBAL}\``,
    meaning:
      "E-mails per hour the manage function sends in all; past it they wait in the outbox (`npm run outbox` shows them) and one `error` log line tells the operator (`0` = off). A site of this size sends a few a day.",
  },
  DATABASE_URL: {
    default: "PGlite in `LOCAL_DB_DIR`",
    meaning: "Postgres for the functions' state; wins over `SUPABASE_DB_URL`.",
    secret: true,
  },
  SUPABASE_DB_URL: {
    default: "set by Supabase",
    meaning: "The project's Postgres, which Supabase gives every Edge Function.",
  },
  LOCAL_DB_DIR: {
    meaning:
      "Where the server keeps its embedded PGlite without `DATABASE_URL` (`memory`: none kept).",
  },
  RESEND_API_KEY: {
    default: "none: e-mail stays in the outbox (`npm run outbox`)",
    meaning: "Resend sending key.",
    secret: true,
  },
  EMAIL_FROM: {
    default: `none; \`${LOCAL_EMAIL_FROM}\` with a loopback \`RESEND_API_BASE\``,
    meaning:
      "Sender, `Name <address>` on a domain verified in Resend; required with the key unless `RESEND_API_BASE` is a loopback stand-in.",
  },
  RESEND_API_BASE: {
    default: "Resend's API",
    meaning: "Points the mailer at a local stand-in (https, or http on loopback).",
  },
};
