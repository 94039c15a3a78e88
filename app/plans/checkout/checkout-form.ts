import { functionUrl } from "~/lib/functions-url";
import { FUNCTION_NAMES } from "../../../supabase/functions/_shared/contract.ts";

/**
 * Where a checkout form posts: the Supabase project's create-checkout function, or, with none
 * configured, the site's own server at the same path. A form post carries no headers of its
 * own, so the deployed function runs with verify_jwt off (docs/deployment.md).
 */
export function checkoutFormAction(): string {
  return functionUrl(FUNCTION_NAMES.checkout);
}
