import type { PublicEnv } from "./env-schema";

/**
 * The public configuration, validated at build time by vite.config.ts (see env-schema.ts) and
 * inlined by Vite as constants.
 */
export const env: PublicEnv = {
  SITE_URL: import.meta.env.SITE_URL,
  VITE_SIGNUP_URL: import.meta.env.VITE_SIGNUP_URL,
  VITE_CONTACT_URL: import.meta.env.VITE_CONTACT_URL,
  VITE_SUPPORT_EMAIL: import.meta.env.VITE_SUPPORT_EMAIL,
  VITE_SUPABASE_URL: import.meta.env.VITE_SUPABASE_URL,
  VITE_SUPABASE_ANON_KEY: import.meta.env.VITE_SUPABASE_ANON_KEY,
  VITE_BILLING_PORTAL_URL: import.meta.env.VITE_BILLING_PORTAL_URL,
  VITE_CONFIRMATION_EMAIL: import.meta.env.VITE_CONFIRMATION_EMAIL,
};
