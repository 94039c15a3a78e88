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

/** `application/json`, optionally with a UTF-8 charset (the only encoding JSON allows). */
export function isJsonContentType(value: string | null): boolean {
  if (value === null) return false;
  const [mediaType = "", ...parameters] = value.split(";");
  if (mediaType.trim().toLowerCase() !== "application/json") return false;
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

export type BodyReadResult =
  { ok: true; bytes: Uint8Array } | { ok: false; reason: "too_large" | "timeout" | "aborted" };

/**
 * Reads the body, but never more than `maxBytes` and never for longer than `timeoutMs` in
 * all: gives up as soon as the declared Content-Length or the bytes actually received exceed
 * the cap, or the deadline passes, and cancels the stream. A stream that errors (the client
 * hung up mid-upload) is an incomplete request, not a fault of ours.
 */
export async function readBodyWithLimit(
  req: Request,
  maxBytes: number,
  timeoutMs: number,
): Promise<BodyReadResult> {
  const declared = req.headers.get("content-length");
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > maxBytes) {
    await req.body?.cancel().catch(() => {});
    return { ok: false, reason: "too_large" };
  }
  if (req.body === null) return { ok: true, bytes: new Uint8Array(0) };

  const reader = req.body.getReader();
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
