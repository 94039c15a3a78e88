import { env } from "~/config/env";
import { FUNCTIONS_PATH, type FunctionName } from "../../supabase/functions/_shared/contract.ts";

/** The functions endpoint: the configured Supabase project, or this site's own server. */
export function functionsBaseUrl(origin: string): string {
  const base = env.VITE_SUPABASE_URL || origin;
  return `${base.replace(/\/+$/, "")}${FUNCTIONS_PATH}`;
}

/** One function's URL there; with no origin, a path on whatever origin serves the page. */
export function functionUrl(name: FunctionName, origin = ""): string {
  return `${functionsBaseUrl(origin)}/${name}`;
}

/** What Supabase's gateway asks of every call (verify_jwt): the public anon key, if set. */
export function anonKeyHeaders(): Record<string, string> {
  const anonKey = env.VITE_SUPABASE_ANON_KEY;
  return anonKey ? { Authorization: `Bearer ${anonKey}`, apikey: anonKey } : {};
}
