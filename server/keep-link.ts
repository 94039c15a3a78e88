import { SITE_PATHS } from "../supabase/functions/_shared/contract.ts";

// The "Keep my subscription" page opened from the e-mail's link. The page is prerendered, so
// only its script can copy the link from the address into the form; without a script the
// visitor would have to paste it. The server, which knows the address, fills the field in the
// HTML it sends instead, so the one button works with JavaScript off too. Opening the link
// still changes nothing: only the button posts (mail scanners open links as well).

/** The build key of the page whose form carries the token. */
export const KEEP_PAGE_KEY = `${SITE_PATHS.cancelKeep}/index.html`;

/** The change-plan link's page, whose form carries its token the same way. */
export const PLAN_LINK_PAGE_KEY = "/change-plan/confirm/index.html";

/** The end-older link's page (a second subscription's confirmation e-mail), likewise. */
export const END_OLDER_PAGE_KEY = `${SITE_PATHS.changePlanEndOlder}/index.html`;

/** The pages the server fills a link's token into. */
export const LINK_PAGE_KEYS: ReadonlySet<string> = new Set([
  KEEP_PAGE_KEY,
  PLAN_LINK_PAGE_KEY,
  END_OLDER_PAGE_KEY,
]);

/** The attribute the token field carries in the prerendered page (KeepForm), and only it. */
export const KEEP_LINK_FIELD_MARKER = 'data-keep-link=""';

/** As long as the field accepts (its maxLength); longer is no link of ours. */
const MAX_TOKEN_LENGTH = 2000;

const escapeAttribute = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * The keep page's HTML with the token from the address already in its field, or undefined when
 * there is no token to fill in (or the page does not carry exactly one marked field).
 */
export function keepPageWithToken(html: string, search: string): string | undefined {
  const token = new URLSearchParams(search).get("token")?.trim();
  if (!token || token.length > MAX_TOKEN_LENGTH) return undefined;
  const at = html.indexOf(KEEP_LINK_FIELD_MARKER);
  if (at === -1 || html.indexOf(KEEP_LINK_FIELD_MARKER, at + 1) !== -1) return undefined;
  const end = at + KEEP_LINK_FIELD_MARKER.length;
  return `${html.slice(0, end)} value="${escapeAttribute(token)}"${html.slice(end)}`;
}
