import { REQUEST_MESSAGES } from "./contract.ts";
export interface ProblemBody {
  error: string;
  code: string;
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      ...headers,
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** An error answer: `message` is shown to visitors, so it must be safe, human text. */
export function problem(
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
): Response {
  const body: ProblemBody = { error: message, code };
  return json(body, status, headers);
}

/** Whether a Content-Type is this media type, with no charset or a UTF-8 one. */
export function isUtf8MediaType(value: string | null, mediaType: string): boolean {
  if (value === null) return false;
  const [type = "", ...parameters] = value.split(";");
  if (type.trim().toLowerCase() !== mediaType) return false;
  return parameters.every((parameter) => {
    const [name = "", rawValue = ""] = parameter.split("=");
    if (name.trim().toLowerCase() !== "charset") return true;
    const charset = rawValue
      .trim()
      .replace(/^"(.*)"$/, "$1")
      .toLowerCase();
    return charset === "utf-8" || charset === "utf8";
  });
}

/** `application/json`, optionally with a UTF-8 charset (the only encoding JSON allows). */
export function isJsonContentType(value: string | null): boolean {
  return isUtf8MediaType(value, "application/json");
}

export type BodyReadResult =
  { ok: true; bytes: Uint8Array } | { ok: false; reason: "too_large" | "timeout" | "aborted" };

/**
 * Reads the body, but never more than `maxBytes` and never for longer than `timeoutMs` in
 * all: gives up as soon as the declared Content-Length or the bytes actually received exceed
 * the cap, or the deadline passes, and cancels the stream. A stream that errors (the client
 * hung up mid-upload) is an incomplete request, not a fault of ours.
 */
export function readBodyWithLimit(
  req: Request,
  maxBytes: number,
  timeoutMs: number,
): Promise<BodyReadResult> {
  return readStreamWithLimit(req.body, req.headers.get("content-length"), maxBytes, timeoutMs);
}

/** `readBodyWithLimit` for any byte stream: a request's, or a response the function fetched. */
export async function readStreamWithLimit(
  body: ReadableStream<Uint8Array> | null,
  declaredLength: string | null,
  maxBytes: number,
  timeoutMs: number,
): Promise<BodyReadResult> {
  const declared = declaredLength?.trim();
  if (declared !== undefined && /^\d+$/.test(declared) && Number(declared) > maxBytes) {
    await body?.cancel().catch(() => {});
    return { ok: false, reason: "too_large" };
  }
  if (body === null) return { ok: true, bytes: new Uint8Array(0) };

  const reader = body.getReader();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), timeoutMs);
  });
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const result = await Promise.race([reader.read().catch(() => "aborted" as const), deadline]);
      if (result === "aborted") return { ok: false, reason: "aborted" };
      if (result === "timeout") {
        // Not awaited: a stalled source may take as long to cancel as it took to stall.
        reader.cancel().catch(() => {});
        return { ok: false, reason: "timeout" };
      }
      if (result.done) break;
      total += result.value.byteLength;
      if (total > maxBytes) {
        await reader.cancel().catch(() => {});
        return { ok: false, reason: "too_large" };
      }
      chunks.push(result.value);
    }
  } finally {
    clearTimeout(timer);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { ok: true, bytes };
}

export type JsonParseResult = { ok: true; value: unknown } | { ok: false };

/** Strict JSON: invalid UTF-8 and a leading byte-order mark are rejected, not silently fixed. */
export function parseJsonBytes(bytes: Uint8Array): JsonParseResult {
  try {
    const text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

export { REQUEST_MESSAGES };

export type JsonRequestResult =
  { ok: true; value: unknown } | { ok: false; status: number; code: keyof typeof REQUEST_MESSAGES };

/**
 * A JSON request body, or the refusal to answer with: 415 for another media type, 413 past
 * `maxBytes`, 408 past `timeoutMs`, 400 for a broken upload (`aborted`) or invalid JSON.
 */
export async function readJsonRequest(
  req: Request,
  maxBytes: number,
  timeoutMs: number,
): Promise<JsonRequestResult & { aborted?: boolean }> {
  if (!isJsonContentType(req.headers.get("content-type"))) {
    return { ok: false, status: 415, code: "unsupported_media_type" };
  }
  const body = await readBodyWithLimit(req, maxBytes, timeoutMs);
  if (!body.ok) {
    if (body.reason === "aborted") {
      return { ok: false, status: 400, code: "incomplete_body", aborted: true };
    }
    return body.reason === "timeout"
      ? { ok: false, status: 408, code: "request_timeout" }
      : { ok: false, status: 413, code: "payload_too_large" };
  }
  const parsed = parseJsonBytes(body.bytes);
  return parsed.ok ? parsed : { ok: false, status: 400, code: "invalid_json" };
}
