import { z } from "zod";
import {
  blankToUndefined,
  DEFAULT_SUPPORT_EMAIL,
} from "../../supabase/functions/_shared/contract.ts";

/** Unset and blank values both fall back to the default (`blankToUndefined`, the one rule). */
function withDefault<T extends z.ZodType<string>>(schema: T, fallback: string) {
  return z.preprocess((value) => blankToUndefined(value) ?? fallback, schema);
}

const httpUrl = z.url({ protocol: /^https?$/ });

/**
 * Public build-time configuration, validated once by vite.config.ts when the site is built (so
 * zod never ships to the browser). Every value is inlined into the bundle: nothing secret may
 * ever be added. `SITE_URL` has no VITE_ prefix because the server and the function read it too.
 */
const publicEnvSchema = z.object({
  SITE_URL: withDefault(httpUrl, "http://localhost:3000"),
  VITE_SIGNUP_URL: withDefault(z.string().min(1), "/contact"),
  VITE_CONTACT_URL: withDefault(z.string().min(1), "/contact"),
  VITE_SUPPORT_EMAIL: withDefault(z.email(), DEFAULT_SUPPORT_EMAIL),
  /** Empty means "the site's own origin", where the local production server mounts the function. */
  VITE_SUPABASE_URL: z.union([z.literal(""), httpUrl]).default(""),
  VITE_SUPABASE_ANON_KEY: z.string().default(""),
  /**
   * Stripe's customer-portal login link (it e-mails the customer a sign-in link). Empty: no
   * portal, and the copy tells subscribers to write to the support address to cancel.
   */
  VITE_BILLING_PORTAL_URL: z.union([z.literal(""), z.url({ protocol: /^https$/ })]).default(""),
  /**
   * "true" when Stripe's events reach the stripe-webhook function, which e-mails each new
   * subscriber the confirmation of the contract: /success and the Terms then say what it holds,
   * and the Privacy Policy what the webhook keeps.
   * Unset, it follows STRIPE_WEBHOOK_SECRET in the same environment (server/env.ts); a static
   * host whose function runs on Supabase sets it itself. A flag, never the secret.
   */
  VITE_CONFIRMATION_EMAIL: z.preprocess(
    blankToUndefined,
    z.enum(["true", "false"]).default("false"),
  ),
});

export type PublicEnv = z.infer<typeof publicEnvSchema>;

export function parsePublicEnv(source: Record<string, unknown>): PublicEnv {
  const result = publicEnvSchema.safeParse(source);
  if (!result.success) {
    const fields = result.error.issues
      .map((issue) => `${issue.path.join(".")}: ${issue.message}`)
      .join("; ");
    throw new Error(`Invalid public configuration (${fields})`);
  }
  return result.data;
}

export const publicEnvKeys = Object.keys(publicEnvSchema.shape) as (keyof PublicEnv)[];

/** Vite `define` entries that inline the validated public configuration into the bundle. */
export function publicEnvDefines(publicEnv: PublicEnv): Record<string, string> {
  return Object.fromEntries(
    publicEnvKeys.map((key) => [`import.meta.env.${key}`, JSON.stringify(publicEnv[key])]),
  );
}
