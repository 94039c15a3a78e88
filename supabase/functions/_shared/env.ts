import { z } from "zod";
import { blankToUndefined } from "./contract.ts";
import { parseIpAddress } from "./client-address.ts";

// Configuration pieces every function reads the same way: blank values, URLs, origins and the
// site's own address. Each function's schema adds its own variables to `functionEnvShape`.

/** Unset and blank both mean "use the default" (`blankToUndefined`). */
export const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(blankToUndefined, schema.optional());

export function parseHttpUrl(value: string): URL | null {
  try {
    const url = new URL(value);
    const plain = !url.username && !url.password && !url.search && !url.hash;
    return (url.protocol === "http:" || url.protocol === "https:") && plain ? url : null;
  } catch {
    return null;
  }
}

export const httpUrl = z.string().refine((value) => parseHttpUrl(value) !== null, {
  message: "must be an absolute http(s) URL without credentials, query or fragment",
});
export const httpOrigin = httpUrl.refine((value) => parseHttpUrl(value)?.pathname === "/", {
  message: "must be an origin (scheme, host and optional port, no path)",
});

/** 127.0.0.0/8, `localhost` or `[::1]` (as URL writes them): traffic that stays on the machine. */
export function isLoopbackHost(hostname: string): boolean {
  if (hostname === "localhost" || hostname === "[::1]") return true;
  const address = parseIpAddress(hostname);
  return address?.version === 4 && address.bytes[0] === 127;
}

/**
 * The origin of a third party's API that receives a secret (Stripe, Resend): https, or plain
 * http only to a loopback address, where a local stand-in runs.
 */
export const secureApiBase = httpOrigin.refine(
  (value) => {
    // An unparsable value is already reported by httpOrigin.
    const url = parseHttpUrl(value);
    return url === null || url.protocol === "https:" || isLoopbackHost(url.hostname);
  },
  {
    message:
      "must use https: (plain http: only for a loopback address: 127.0.0.0/8, localhost or [::1])",
  },
);

/** A Postgres URL: postgres:// or postgresql://, as Supabase and every host write them. */
export function isPostgresUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "postgres:" || url.protocol === "postgresql:";
  } catch {
    return false;
  }
}

/** A Postgres connection URL (postgres:// or postgresql://). */
export const postgresUrl = z.string().refine(isPostgresUrl, {
  message: "must be a postgres:// or postgresql:// URL",
});

export const digits = (message: string) => z.string().regex(/^\d+$/, { message }).transform(Number);

/** The one PORT rule, for the server and the functions alike. */
export const portNumber = digits("must be a whole number from 1 to 65535").refine(
  (port) => port >= 1 && port <= 65_535,
  { message: "must be a whole number from 1 to 65535" },
);

/** A requests-per-minute limit where 0 switches it off. */
export const perMinute = (what: string) =>
  optional(digits(`must be a whole number of ${what} per minute (0 = off)`));

/** The variables every function reads. */
export const functionEnvShape = {
  PORT: optional(portNumber),
  SITE_URL: optional(httpUrl),
  ALLOWED_ORIGINS: optional(z.string()),
  /** A Postgres of one's own; wins over SUPABASE_DB_URL. */
  DATABASE_URL: optional(postgresUrl),
  /** Set by Supabase in every Edge Function: the project's own Postgres. */
  SUPABASE_DB_URL: optional(postgresUrl),
};

export class FunctionConfigError extends Error {
  constructor(what: string, problems: readonly string[]) {
    super(`Invalid ${what} configuration: ${problems.join("; ")}`);
    this.name = "FunctionConfigError";
  }
}

/** Every problem of a failed parse, as `NAME message`. */
export function envProblems(error: z.ZodError): string[] {
  return error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`);
}

/**
 * The site's own origins: its URL's, and on a loopback address the three names of this machine
 * on the same port (a visitor types localhost, 127.0.0.1 or [::1] alike).
 */
export function ownOrigins(siteUrl: string): string[] {
  const url = new URL(siteUrl);
  if (!isLoopbackHost(url.hostname)) return [url.origin];
  const port = url.port === "" ? "" : `:${url.port}`;
  const names = ["localhost", "127.0.0.1", "[::1]"];
  return [...new Set([url.origin, ...names.map((name) => `${url.protocol}//${name}${port}`)])];
}

/**
 * The public origin (no trailing slash) and the origins allowed to call from a browser, which
 * default to the site's own. Returns the problem text instead when ALLOWED_ORIGINS is malformed.
 */
export function siteAndOrigins(vars: {
  PORT?: number;
  SITE_URL?: string;
  ALLOWED_ORIGINS?: string;
}): { siteUrl: string; allowedOrigins: string[] } | { problem: string } {
  const siteUrl = (vars.SITE_URL ?? `http://localhost:${vars.PORT ?? 3000}`).replace(/\/+$/, "");
  const listed = (vars.ALLOWED_ORIGINS ?? ownOrigins(siteUrl).join(","))
    .split(",")
    .map((origin) => origin.trim())
    .filter((origin) => origin !== "");
  const bad = listed.filter((origin) => !httpOrigin.safeParse(origin).success);
  if (bad.length > 0) {
    return {
      problem: `ALLOWED_ORIGINS must list comma-separated origins such as https://example.com (${bad.length} invalid)`,
    };
  }
  return { siteUrl, allowedOrigins: [...new Set(listed.map((origin) => new URL(origin).origin))] };
}
