import { isFormContentType } from "./form-body.ts";
import { isJsonContentType, parseJsonBytes, readBodyWithLimit } from "./http.ts";

// One reader for the two ways (the checkout function reads forms alone, with form-body.ts) a browser posts to a function: a plain HTML form
// (application/x-www-form-urlencoded, which works without JavaScript) and a script's JSON.
// Both arrive as a flat object of fields, so one schema checks either.

export type BodyKind = "form" | "json";

/** Texts for the refusals `readFormOrJson` makes. */
export const FORM_BODY_MESSAGES = {
  unsupported_media_type: "The request must be sent as a form or as JSON.",
  payload_too_large: "The request is too large.",
  request_timeout: "The request took too long to arrive. Please try again.",
  incomplete_body: "The request arrived incomplete. Please try again.",
  invalid_body: "The request body could not be read.",
  duplicate_field: "The request names a field more than once.",
} as const;

export type FormBodyCode = keyof typeof FORM_BODY_MESSAGES;

export type FormBodyResult =
  | { ok: true; kind: BodyKind; value: unknown }
  | { ok: false; kind: BodyKind | undefined; status: number; code: FormBodyCode };

/** Which of the two the request says it carries, before any byte is read. */
export function bodyKind(req: Request): BodyKind | undefined {
  const type = req.headers.get("content-type");
  if (isJsonContentType(type)) return "json";
  if (isFormContentType(type)) return "form";
  return undefined;
}

/**
 * Reads a form or JSON body within `maxBytes` and `timeoutMs`. A form becomes an object of
 * strings; a field sent twice is refused rather than one copy silently winning, and bytes that
 * are not UTF-8 are refused rather than replaced.
 */
export async function readFormOrJson(
  req: Request,
  maxBytes: number,
  timeoutMs: number,
): Promise<FormBodyResult> {
  const kind = bodyKind(req);
  if (kind === undefined) {
    await req.body?.cancel().catch(() => {});
    return { ok: false, kind, status: 415, code: "unsupported_media_type" };
  }
  const body = await readBodyWithLimit(req, maxBytes, timeoutMs);
  if (!body.ok) {
    if (body.reason === "aborted") return { ok: false, kind, status: 400, code: "incomplete_body" };
    return body.reason === "timeout"
      ? { ok: false, kind, status: 408, code: "request_timeout" }
      : { ok: false, kind, status: 413, code: "payload_too_large" };
  }
  if (kind === "json") {
    const parsed = parseJsonBytes(body.bytes);
    return parsed.ok
      ? { ok: true, kind, value: parsed.value }
      : { ok: false, kind, status: 400, code: "invalid_body" };
  }
  return parseFormBytes(body.bytes);
}

/** A urlencoded body as an object of strings (null-prototype, so no key reaches a prototype). */
export function parseFormBytes(bytes: Uint8Array): FormBodyResult {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return { ok: false, kind: "form", status: 400, code: "invalid_body" };
  }
  // URLSearchParams replaces broken percent-escapes silently; a real form never sends one.
  if (/%(?![0-9a-f]{2})/i.test(text)) {
    return { ok: false, kind: "form", status: 400, code: "invalid_body" };
  }
  const fields: Record<string, string> = Object.create(null);
  for (const [name, value] of new URLSearchParams(text)) {
    if (Object.hasOwn(fields, name)) {
      return { ok: false, kind: "form", status: 400, code: "duplicate_field" };
    }
    if (value.includes("\uFFFD")) {
      return { ok: false, kind: "form", status: 400, code: "invalid_body" };
    }
    fields[name] = value;
  }
  return { ok: true, kind: "form", value: fields };
}

/**
 * Whether a browser request comes from a page we trust (cross-site request forgery): an
 * `Origin` must be one of `allowedOrigins`; without one, `Sec-Fetch-Site` must not say
 * cross-site. A client that is not a browser sends neither and cannot be forged into posting.
 */
export function isTrustedOrigin(req: Request, allowedOrigins: readonly string[]): boolean {
  const origin = req.headers.get("origin");
  if (origin !== null) return allowedOrigins.includes(origin);
  const site = req.headers.get("sec-fetch-site");
  return site === null || site === "same-origin" || site === "none";
}
