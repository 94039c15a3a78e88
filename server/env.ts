import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseEnv } from "node:util";
import { parsePublicEnv, type PublicEnv } from "../app/config/env-schema.ts";
import { parseCheckoutEnv } from "../supabase/functions/create-checkout/schema.ts";
import { parseEmailEnv } from "../supabase/functions/_shared/email-env.ts";
import { parseFeedEnv } from "../supabase/functions/feed-cadence/schema.ts";
import { parseManageEnv } from "../supabase/functions/manage-subscription/schema.ts";
import { parseWebhookEnv } from "../supabase/functions/stripe-webhook/schema.ts";
import { serverEnvSchema, type ServerEnv } from "./server-env.ts";
import { resolvePort, resolveSiteUrl } from "./site-url.ts";

export type Vars = Record<string, string | undefined>;

export type LoadedEnv = {
  /** `.env` overlaid by the environment, SITE_URL resolved: what the functions read. */
  vars: Vars;
  public: PublicEnv;
  server: ServerEnv & { PORT: number };
};

export type LoadOptions = { cwd?: string; environment?: Vars };

/**
 * The one configuration loader, called first by every Node entry (vite.config.ts, postbuild,
 * the server, `npm start`, the benchmarks): `.env` if present, then the environment, which
 * wins. Node parses the file (util.parseEnv, the parser behind --env-file).
 */
export function readVars({ cwd = process.cwd(), environment = process.env }: LoadOptions = {}) {
  const file = join(cwd, ".env");
  const fromFile = existsSync(file) ? parseEnv(readFileSync(file, "utf8")) : {};
  const vars: Vars = { ...fromFile, ...environment };
  return {
    ...vars,
    SITE_URL: resolveSiteUrl(vars),
    VITE_CONFIRMATION_EMAIL: confirmationFlag(vars),
  };
}

/**
 * The public flag that says the confirmation e-mail is sent: as set, else whether this same
 * environment holds the webhook's secret (only its presence becomes public, never its value).
 */
export function confirmationFlag(vars: Vars): string {
  const set = vars.VITE_CONFIRMATION_EMAIL?.trim();
  if (set) return set;
  return vars.STRIPE_WEBHOOK_SECRET?.trim() ? "true" : "false";
}

/** Validates every variable once; throws one error that names each bad variable and why. */
export function loadEnv(options: LoadOptions = {}): LoadedEnv {
  const problems: string[] = [];
  const attempt = <T>(parse: () => T): T | undefined => {
    try {
      return parse();
    } catch (error) {
      problems.push(error instanceof Error ? error.message : String(error));
      return undefined;
    }
  };
  const vars = attempt(() => readVars(options)) ?? {};
  const publicEnv = attempt(() => parsePublicEnv(vars));
  const port = attempt(() => resolvePort(vars));
  attempt(() => parseCheckoutEnv(vars));
  attempt(() => parseFeedEnv(vars));
  attempt(() => parseManageEnv(vars));
  attempt(() => parseWebhookEnv(vars));
  attempt(() => parseEmailEnv(vars));
  const server = serverEnvSchema.safeParse(vars);
  if (!server.success) {
    for (const issue of server.error.issues)
      problems.push(`${issue.path.join(".")} ${issue.message}`);
  }
  if (problems.length > 0 || publicEnv === undefined || port === undefined || !server.success) {
    throw new Error(`Invalid configuration (.env and environment): ${problems.join("; ")}`);
  }
  return { vars, public: publicEnv, server: { ...server.data, PORT: port } };
}

/** For process entries: the configuration, or one clear line on stderr and exit code 1. */
export function loadEnvOrExit(options: LoadOptions = {}): LoadedEnv {
  try {
    return loadEnv(options);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}

/** The public values a build was made with, written beside build/client by postbuild. */
export const builtPublicEnvFile = "build/public-env.json";

export function writeBuiltPublicEnv(publicEnv: PublicEnv, file = builtPublicEnvFile): void {
  writeFileSync(file, `${JSON.stringify(publicEnv, null, 2)}\n`);
}

/** What the bundle calls and links to, so the server's CSP matches it whatever the runtime env. */
export function readBuiltPublicEnv(file = builtPublicEnvFile): PublicEnv {
  return parsePublicEnv(JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>);
}
