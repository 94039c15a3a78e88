import { env } from "~/config/env";

/** The functions endpoint: the configured Supabase project, or this site's own server. */
export function functionsBaseUrl(origin: string): string {
  const base = env.VITE_SUPABASE_URL || origin;
  return `${base.replace(/\/+$/, "")}/functions/v1`;
}

/** What Supabase's gateway asks of every call (verify_jwt): the public anon key, if set. */
export function anonKeyHeaders(): Record<string, string> {
  const anonKey = env.VITE_SUPABASE_ANON_KEY;
  return anonKey ? { Authorization: `Bearer ${anonKey}`, apikey: anonKey } : {};
}
