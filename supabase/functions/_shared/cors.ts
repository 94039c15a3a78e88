// idempotency-key: the browser's per-click key, so a retried click replays one session.
export const CORS_ALLOW_HEADERS =
  "authorization, x-client-info, apikey, content-type, idempotency-key";
export const CORS_ALLOW_METHODS = "POST, OPTIONS";
export const CORS_MAX_AGE_SECONDS = "86400";

/**
 * CORS headers for one request. Only an exact match from `allowedOrigins` is echoed; any other
 * origin gets no `Access-Control-Allow-Origin`, so the browser withholds the response from it.
 */
export function corsHeaders(
  requestOrigin: string | null,
  allowedOrigins: readonly string[],
): Record<string, string> {
  // The answer depends on Origin even when it is refused, so caches must key on it.
  const headers: Record<string, string> = { Vary: "Origin" };
  if (requestOrigin === null || !allowedOrigins.includes(requestOrigin)) return headers;
  return {
    ...headers,
    "Access-Control-Allow-Origin": requestOrigin,
    "Access-Control-Allow-Headers": CORS_ALLOW_HEADERS,
    "Access-Control-Allow-Methods": CORS_ALLOW_METHODS,
    "Access-Control-Max-Age": CORS_MAX_AGE_SECONDS,
    // Lets the browser read how long to wait after a 429 or 503.
    "Access-Control-Expose-Headers": "Retry-After",
  };
}

export function preflight(cors: Record<string, string>): Response {
  return new Response(null, { status: 204, headers: cors });
}
