import { SERVE_MESSAGES } from "./contract.ts";
import { rateLimitKey } from "./client-address.ts";
import { corsHeaders, preflight } from "./cors.ts";
import { isUnavailableError } from "./db.ts";
import { problem } from "./http.ts";
import type { RateLimiters, RateLimitVerdict } from "./rate-limit.ts";

/**
 * What the platform knows about the caller. `clientIp` is the address the server resolved
 * (the socket's, or the one a trusted proxy or edge network vouches for); a handler never
 * looks for one in request headers, which the caller writes (ADR 006).
 */
export type ClientInfo = { clientIp?: string };
/** One edge function: the same signature on Supabase (Deno.serve) and under the Node server. */
export type FunctionHandler = (req: Request, info?: ClientInfo) => Promise<Response>;
/** Receives one JSON line per event. */
export type LogLine = (line: string) => void;

export const defaultLog: LogLine = (line) => console.error(line);

export const ALLOW = "POST, OPTIONS";

export { SERVE_MESSAGES };

/** Seconds a visitor is asked to wait when the database cannot answer. */
export const DATABASE_RETRY_AFTER_SECONDS = 30;

type PostHandler = (
  req: Request,
  cors: Record<string, string>,
  info?: ClientInfo,
) => Promise<Response>;

/**
 * CORS, preflight, method handling and the last-resort catch every function shares. A fault
 * in `handlePost` is logged as `<event>_internal_error` and answered 500 without details; a
 * database that cannot answer (DatabaseUnavailableError, thrown before anything is done that
 * must be counted or recorded) is answered 503 `database_unavailable` with Retry-After. A
 * handler that serves an HTML form catches its own faults, so its visitor gets a page.
 */
export function serveFunction(
  options: { allowedOrigins: readonly string[]; log: LogLine; event: string },
  handlePost: PostHandler,
): FunctionHandler {
  return async (req, info) => {
    const cors = corsHeaders(req.headers.get("origin"), options.allowedOrigins);
    if (req.method === "OPTIONS") return preflight(cors);
    if (req.method !== "POST") {
      return problem(405, "method_not_allowed", SERVE_MESSAGES.method_not_allowed, {
        ...cors,
        Allow: ALLOW,
      });
    }
    try {
      return await handlePost(req, cors, info);
    } catch (error) {
      return logFault(options.log, options.event, error) === "database_unavailable"
        ? databaseUnavailable(cors)
        : problem(500, "internal_error", SERVE_MESSAGES.internal_error, cors);
    }
  };
}

/** The refusal a fault the handler did not answer itself becomes. */
export type FaultCode = "database_unavailable" | "internal_error";

/**
 * Logs a fault as `<event>_database_unavailable` (a database that cannot answer) or
 * `<event>_internal_error` (anything else), and says which refusal the visitor gets.
 */
export function logFault(log: LogLine, event: string, error: unknown): FaultCode {
  const code: FaultCode = isUnavailableError(error) ? "database_unavailable" : "internal_error";
  log(JSON.stringify({ level: "error", event: `${event}_${code}`, ...describeError(error) }));
  return code;
}

/** 503 `database_unavailable`: nothing was done; the visitor may try again shortly. */
export function databaseUnavailable(cors: Record<string, string>): Response {
  return problem(503, "database_unavailable", SERVE_MESSAGES.database_unavailable, {
    ...cors,
    "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS),
  });
}

/**
 * The per-client limit, then the global one. Rejects with DatabaseUnavailableError when the
 * database cannot count, which `serveFunction` answers with 503.
 */
export async function checkRateLimits(
  limiters: RateLimiters,
  info: ClientInfo | undefined,
): Promise<RateLimitVerdict> {
  const perClient = await limiters.rateLimiter?.hit(rateLimitKey(info?.clientIp));
  if (perClient !== undefined && !perClient.allowed) return perClient;
  return (await limiters.globalRateLimiter?.hit("all")) ?? { allowed: true };
}

/** A 429 in the usual error shape, telling the browser how long to wait. */
export function rateLimited(
  verdict: { retryAfterSeconds: number },
  message: string,
  cors: Record<string, string>,
): Response {
  return problem(429, "rate_limited", message, {
    ...cors,
    "Retry-After": String(verdict.retryAfterSeconds),
  });
}

/** Log-only facts about an error: its name and stack, never sent to the browser. */
export function describeError(error: unknown): { errorName: string; stack?: string } {
  if (!(error instanceof Error)) return { errorName: typeof error };
  return { errorName: error.name, stack: error.stack ?? error.message };
}
