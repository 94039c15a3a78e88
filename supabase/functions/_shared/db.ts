import postgres from "postgres";

/**
 * The one way the functions reach Postgres: parameterised text in, rows out. On Supabase and
 * with DATABASE_URL it is postgres.js (`createPostgresDb`); locally and in tests it is PGlite
 * (server/embedded-db.ts). Parameters are always bound, never spliced into the text.
 */
export interface Db {
  query<T = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<T[]>;
}

/**
 * The database cannot answer just now (refused, dropped, timed out, out of connections). The
 * functions answer it with 503 `database_unavailable` and do nothing that must be counted.
 */
export class DatabaseUnavailableError extends Error {
  readonly reason: string;
  constructor(reason: string, options?: { cause?: unknown }) {
    super(`The database is unavailable (${reason}).`, options);
    this.name = "DatabaseUnavailableError";
    this.reason = reason;
  }
}

/** Errors from the socket or the driver's connection handling, before SQL ran or while it ran. */
const CONNECTION_ERROR_CODES: ReadonlySet<string> = new Set([
  // postgres.js
  "CONNECT_TIMEOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_DESTROYED",
  "CONNECTION_ENDED",
  // the operating system, through node:net (also under Deno)
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ENOENT",
]);

/**
 * SQLSTATE classes that say the server cannot serve us, not that our SQL is wrong: 08
 * connection exception, 28 authorization, 3D no such database, 53 insufficient resources,
 * 57 operator intervention (including 57014, a statement timeout), 58 system error.
 */
const UNAVAILABLE_SQLSTATE_CLASSES: ReadonlySet<string> = new Set([
  "08",
  "28",
  "3D",
  "53",
  "57",
  "58",
]);

/** Whether an error from a driver means "the database is unavailable" rather than a bug. */
export function isUnavailableError(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  if (typeof error !== "object" || error === null) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code !== "string") return false;
  if (CONNECTION_ERROR_CODES.has(code)) return true;
  return /^[0-9A-Z]{5}$/.test(code) && UNAVAILABLE_SQLSTATE_CLASSES.has(code.slice(0, 2));
}

/** Rethrows `error` as DatabaseUnavailableError when it is one, else as it is. */
export function asDatabaseError(error: unknown): unknown {
  if (error instanceof DatabaseUnavailableError || !isUnavailableError(error)) return error;
  const code = (error as { code: string }).code;
  return new DatabaseUnavailableError(code, { cause: error });
}

export interface PostgresDbOptions {
  /** Connections held at most (default 3: a function handles few requests at once). */
  max?: number;
  /** Seconds to wait for a connection (default 5). */
  connectTimeoutSeconds?: number;
  /** Longest a statement may run, on the server and on our side (default 5000 ms). */
  statementTimeoutMs?: number;
  /** Unix socket path instead of the URL's host (the local server's embedded database). */
  socketPath?: string;
  /** Whether the URL leads through a transaction-mode pooler (default: `transactionPooler`). */
  transactionPooler?: boolean;
}

export interface PostgresDb extends Db {
  /** Closes every connection; queries after it fail with DatabaseUnavailableError. */
  close(): Promise<void>;
}

/** The port of Supabase's transaction pooler (Supavisor); its session mode and Postgres use 5432. */
export const SUPABASE_TRANSACTION_POOLER_PORT = "6543";

/** The URL parameter that says whether a URL leads through a transaction-mode pooler. */
export const POOLER_PARAMETER = "pgbouncer";

/**
 * Whether `url` leads through a transaction-mode pooler, where each transaction may run on
 * another server connection: `pgbouncer=true` or `false` in the URL says so (the parameter
 * Supabase's docs give Prisma for its pooler), else port 6543, Supabase's transaction pooler,
 * does. Returns the URL without that parameter, which postgres.js would pass on as a setting.
 */
export function transactionPooler(url: string): { url: string; pooled: boolean } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { url, pooled: false };
  }
  const stated = parsed.searchParams.get(POOLER_PARAMETER);
  if (stated === null) return { url, pooled: parsed.port === SUPABASE_TRANSACTION_POOLER_PORT };
  parsed.searchParams.delete(POOLER_PARAMETER);
  return { url: parsed.toString(), pooled: stated === "true" };
}

/**
 * A pool on postgres.js, the driver that runs unchanged on Node and Deno. Through a
 * transaction pooler it prepares no statement (the next transaction may run on a server
 * connection that lacks it) and sends no setting at connect (PgBouncer refuses a
 * `statement_timeout` there, and it would not survive the pooling), so the deadline of our
 * own below is the statement's only limit; directly, the server enforces it too.
 */
export function createPostgresDb(url: string, options: PostgresDbOptions = {}): PostgresDb {
  const statementTimeoutMs = options.statementTimeoutMs ?? 5_000;
  const target = transactionPooler(url);
  const pooled = options.transactionPooler ?? target.pooled;
  const sql = postgres(target.url, {
    max: options.max ?? 3,
    connect_timeout: options.connectTimeoutSeconds ?? 5,
    idle_timeout: 60,
    max_lifetime: 30 * 60,
    prepare: !pooled,
    ...(options.socketPath === undefined ? {} : { path: options.socketPath }),
    connection: {
      application_name: "castloop-functions",
      ...(pooled ? {} : { statement_timeout: statementTimeoutMs }),
    },
    onnotice: () => {},
  });
  return {
    async query<T>(text: string, params: readonly unknown[] = []): Promise<T[]> {
      // A deadline of our own too: a server that stops answering never sends the timeout.
      const pending = sql.unsafe(text, params as never[]);
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          pending.cancel?.();
          reject(new DatabaseUnavailableError("timeout"));
        }, statementTimeoutMs + 1_000);
      });
      try {
        const rows = await Promise.race([pending, late]);
        return [...rows] as T[];
      } catch (error) {
        throw asDatabaseError(error);
      } finally {
        clearTimeout(timer);
      }
    },
    close: () => sql.end({ timeout: 2 }),
  };
}

/** The database the functions use: DATABASE_URL if set, else Supabase's SUPABASE_DB_URL. */
export function databaseUrlFromEnv(vars: {
  DATABASE_URL?: string;
  SUPABASE_DB_URL?: string;
}): string | undefined {
  return vars.DATABASE_URL ?? vars.SUPABASE_DB_URL;
}
