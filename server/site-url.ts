import { blankToUndefined } from "../supabase/functions/_shared/contract.ts";
import { optional, portNumber } from "../supabase/functions/_shared/env.ts";

/** The public origin: SITE_URL, or the local server's address when it is not set. */
export function resolveSiteUrl(env: Record<string, string | undefined>): string {
  const explicit = blankToUndefined(env.SITE_URL);
  if (typeof explicit === "string") return explicit.replace(/\/+$/, "");
  return `http://localhost:${resolvePort(env)}`;
}

const portSetting = optional(portNumber);

/** PORT by the functions' rule (1–65535); 3000 when unset or blank. */
export function resolvePort(env: Record<string, string | undefined>): number {
  const parsed = portSetting.safeParse(env.PORT);
  if (!parsed.success) {
    throw new Error(`PORT ${parsed.error.issues[0]?.message ?? "is invalid"}, got "${env.PORT}"`);
  }
  return parsed.data ?? 3000;
}
