import { createPostgresDb, type Db } from "./db.ts";
import {
  databaseUnavailable,
  defaultLog,
  serveFunction,
  type FunctionHandler,
  type LogLine,
} from "./serve.ts";

// One pool per process (per isolate on Supabase) and URL, whichever functions share it.
const pools = new Map<string, Db>();

/**
 * The database a function uses: the one it is given (the Node server's, a test's), else a
 * pool on DATABASE_URL or SUPABASE_DB_URL; undefined when there is none.
 */
export function functionDb(provided: Db | undefined, url: string | undefined): Db | undefined {
  if (provided !== undefined) return provided;
  if (url === undefined) return undefined;
  let pool = pools.get(url);
  if (pool === undefined) {
    pool = createPostgresDb(url);
    pools.set(url, pool);
  }
  return pool;
}

/** The variables either of which names the database, as a log line without one lists them. */
const NO_DATABASE_VARIABLES = ["SUPABASE_DB_URL", "DATABASE_URL"] as const;

/** Logs, once as a function is built, that it has no database and refuses every request. */
export function logNoDatabase(log: LogLine, event: string): void {
  log(
    JSON.stringify({
      level: "error",
      event: `${event}_database_not_configured`,
      missing: NO_DATABASE_VARIABLES,
    }),
  );
}

/**
 * A function with no database to count its requests in: it refuses every POST with 503
 * `database_unavailable` rather than run without its limits.
 */
export function createNoDatabaseHandler(options: {
  allowedOrigins: readonly string[];
  event: string;
  log?: LogLine;
}): FunctionHandler {
  const log = options.log ?? defaultLog;
  logNoDatabase(log, options.event);
  return serveFunction({ ...options, log }, async (_req, cors) => databaseUnavailable(cors));
}
