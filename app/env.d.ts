/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly SITE_URL: string;
  readonly VITE_SIGNUP_URL: string;
  readonly VITE_CONTACT_URL: string;
  readonly VITE_SUPPORT_EMAIL: string;
  readonly VITE_SUPABASE_URL: string;
  readonly VITE_SUPABASE_ANON_KEY: string;
  readonly VITE_BILLING_PORTAL_URL: string;
  readonly VITE_CONFIRMATION_EMAIL: "true" | "false";
  readonly BUILD_YEAR: string;
}
