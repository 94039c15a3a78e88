import { FORM_MESSAGES } from "./contract.ts";
import { isUtf8MediaType, readBodyWithLimit } from "./http.ts";

/**
 * Form posts: the body an HTML `<form method="post">` sends, and the cross-site check such a
 * post needs. A form post carries no custom header and needs no preflight, so any site can make
 * a visitor's browser send one; the browser's own `Origin` and `Sec-Fetch-Site` say where from.
 */

/** `application/x-www-form-urlencoded`, optionally with a UTF-8 charset (what a page sends). */
export function isFormContentType(value: string | null): boolean {
  return isUtf8MediaType(value, "application/x-www-form-urlencoded");
}

/**
 * Whether a form post comes from one of the site's own pages: its `Origin` is allowed, or,
 * when a browser sends none, `Sec-Fetch-Site` says the same origin or site. A post with
 * neither (or `Origin: null`, from a sandboxed or privacy-stripped context) is refused.
 */
export function isOwnFormPost(req: Request, allowedOrigins: readonly string[]): boolean {
  const origin = req.headers.get("origin");
  if (origin !== null) return allowedOrigins.includes(origin);
  const site = req.headers.get("sec-fetch-site");
  return site === "same-origin" || site === "same-site";
}

export type FormParseResult = { ok: true; value: Record<string, string> } | { ok: false };

// A pair's name and value: what a browser's urlencoded serializer writes, plus the URL
// characters a script (curl -d) leaves unescaped, such as `jane@example.com` or `/pricing`.
const ENCODED = /^[A-Za-z0-9*\-._+%~!$'(),;:@/?]*$/;

function decodeStrict(text: string): string | null {
  if (!ENCODED.test(text)) return null;
  try {
    return decodeURIComponent(text.replaceAll("+", " "));
  } catch {
    return null;
  }
}

/**
 * A urlencoded body as one string per field. Stricter than `URLSearchParams`, which repairs
 * what it cannot read: invalid UTF-8, broken percent escapes, a pair without `=`, an empty or
 * repeated name, or more than `maxFields` fields make the body malformed.
 */
export function parseFormBytes(bytes: Uint8Array, maxFields: number): FormParseResult {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return { ok: false };
  }
  const value: Record<string, string> = Object.create(null) as Record<string, string>;
  if (text === "") return { ok: true, value };
  const pairs = text.split("&");
  if (pairs.length > maxFields) return { ok: false };
  for (const pair of pairs) {
    const separator = pair.indexOf("=");
    if (separator <= 0) return { ok: false };
    const name = decodeStrict(pair.slice(0, separator));
    const field = decodeStrict(pair.slice(separator + 1));
    if (name === null || field === null || name === "" || Object.hasOwn(value, name)) {
      return { ok: false };
    }
    value[name] = field;
  }
  return { ok: true, value };
}

export { FORM_MESSAGES };

export type FormRequestResult =
  | { ok: true; value: Record<string, string> }
  | { ok: false; status: number; code: keyof typeof FORM_MESSAGES; aborted?: boolean };

/**
 * A form body, or the refusal to answer with: 413 past `maxBytes`, 408 past `timeoutMs`, 400
 * for a broken upload (`aborted`) or a malformed body. The caller has checked the media type.
 */
export async function readFormRequest(
  req: Request,
  options: { maxBytes: number; timeoutMs: number; maxFields: number },
): Promise<FormRequestResult> {
  const body = await readBodyWithLimit(req, options.maxBytes, options.timeoutMs);
  if (!body.ok) {
    if (body.reason === "aborted") {
      return { ok: false, status: 400, code: "incomplete_body", aborted: true };
    }
    return body.reason === "timeout"
      ? { ok: false, status: 408, code: "request_timeout" }
      : { ok: false, status: 413, code: "payload_too_large" };
  }
  const parsed = parseFormBytes(body.bytes, options.maxFields);
  return parsed.ok ? parsed : { ok: false, status: 400, code: "invalid_form" };
}

/**
 * Where a form's answer sends the browser back to: the site's address on the allowed origin
 * the post came from, so a visitor on http://127.0.0.1:3000 stays there rather than landing on
 * http://localhost:3000 (another origin to the browser). Any other post goes to `siteUrl`.
 */
export function formReturnBase(
  req: Request,
  siteUrl: string,
  allowedOrigins: readonly string[],
): string {
  const origin = req.headers.get("origin");
  if (origin === null || !allowedOrigins.includes(origin)) return siteUrl;
  return `${origin}${new URL(siteUrl).pathname.replace(/\/+$/, "")}`;
}

/** A 303 See Other: after a form post the browser follows it with a GET. */
export function seeOther(location: string, headers: Record<string, string> = {}): Response {
  return new Response(null, {
    status: 303,
    headers: { ...headers, Location: location, "Cache-Control": "no-store" },
  });
}
