import { z } from "zod";
import { databaseUrlFromEnv } from "../_shared/db.ts";
import {
  envProblems,
  FunctionConfigError,
  functionEnvShape,
  perMinute,
  siteAndOrigins,
} from "../_shared/env.ts";

/** Longer than any feed URL we have seen, short enough to log. */
export const MAX_URL_LENGTH = 2_048;

/** `action: "check"` asks for the feed check-up's report instead of the pace. */
export const feedBodySchema = z.strictObject({
  url: z.string().max(MAX_URL_LENGTH),
  action: z.literal("check").optional(),
});

export const DEFAULT_FEED_RATE_LIMIT_PER_MINUTE = 10;
/** The global ceiling defaults to this many clients' worth of requests. */
export const FEED_GLOBAL_RATE_LIMIT_FACTOR = 10;

export const feedEnvSchema = z.object({
  ...functionEnvShape,
  FEED_RATE_LIMIT: perMinute("feed look-ups"),
  FEED_RATE_LIMIT_GLOBAL: perMinute("feed look-ups for all clients together"),
});

export interface FeedConfig {
  allowedOrigins: string[];
  rateLimitPerMinute: number;
  rateLimitGlobalPerMinute: number;
  /** DATABASE_URL, else SUPABASE_DB_URL; undefined when neither is set. */
  databaseUrl: string | undefined;
}

export class FeedConfigError extends FunctionConfigError {
  constructor(problems: readonly string[]) {
    super("feed-cadence", problems);
    this.name = "FeedConfigError";
  }
}

/** Throws `FeedConfigError` for malformed values. Nothing is secret, so nothing is required. */
export function parseFeedEnv(env: Record<string, string | undefined>): FeedConfig {
  const result = feedEnvSchema.safeParse(env);
  if (!result.success) throw new FeedConfigError(envProblems(result.error));
  const vars = result.data;
  const site = siteAndOrigins(vars);
  if ("problem" in site) throw new FeedConfigError([site.problem]);
  const rateLimitPerMinute = vars.FEED_RATE_LIMIT ?? DEFAULT_FEED_RATE_LIMIT_PER_MINUTE;
  return {
    allowedOrigins: site.allowedOrigins,
    rateLimitPerMinute,
    rateLimitGlobalPerMinute:
      vars.FEED_RATE_LIMIT_GLOBAL ?? FEED_GLOBAL_RATE_LIMIT_FACTOR * rateLimitPerMinute,
    databaseUrl: databaseUrlFromEnv(vars),
  };
}
