import {
  CANCEL_ANSWER,
  KEEP_ANSWER,
  MANAGE_FORM_ERRORS as FORM_ERRORS,
  MANAGE_MESSAGES as MESSAGES,
  WITHDRAW_ANSWER,
} from "../../../supabase/functions/_shared/contract.ts";
import { env } from "~/config/env";

// The cancellation and withdrawal pages' words. The answers and refusals are the function's
// own (the contract module, supabase/functions/_shared/contract.ts), so the page and the JSON answer never differ.

export { CANCEL_ANSWER, FORM_ERRORS, KEEP_ANSWER, MESSAGES, WITHDRAW_ANSWER };

export const MANAGE_FUNCTION = "manage-subscription";

/**
 * Where the forms post: the Supabase project's function when one is configured, else this
 * site's own server (a relative URL, so it works on whatever origin serves the build).
 */
export function manageEndpoint(): string {
  const base = env.VITE_SUPABASE_URL.replace(/\/+$/, "");
  return `${base}/functions/v1/${MANAGE_FUNCTION}`;
}

/** The id a refusal's note carries, so `#error-<code>` in the address shows it without script. */
export const errorAnchor = (code: string) => `error-${code}`;
