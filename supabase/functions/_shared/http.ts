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

/**
 * Reads the body but never more than `maxBytes`: returns `null` as soon as the declared
 * Content-Length or the bytes actually received exceed the cap, and cancels the stream.
 */
export async function readBodyWithLimit(
  req: Request,
  maxBytes: number,
): Promise<Uint8Array | null> {
  const declared = req.headers.get("content-length");
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > maxBytes) {
    await req.body?.cancel().catch(() => {});
    return null;
  }
  if (req.body === null) return new Uint8Array(0);

  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
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
