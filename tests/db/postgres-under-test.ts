import postgres, { type Sql, type TransactionSql } from "postgres";
import { inject } from "vitest";
import { PGBOUNCER_POOL_SIZE } from "./pgbouncer.ts";
import { freshDatabaseOn } from "./real-postgres.ts";

/** The URL of the run's real PostgreSQL server (tests/db/global-setup.ts). */
export function realPostgresUrl(): string {
  return inject("realPostgresUrl");
}

/** A new database on the run's real server, every migration applied (or none): its URL. */
export function freshDatabase(options: { empty?: boolean } = {}): Promise<string> {
  return freshDatabaseOn(realPostgresUrl(), options);
}

/**
 * The same database through the run's PgBouncer in transaction mode, with the URL parameter
 * that tells the functions' client so (`transactionPooler` in supabase/functions/_shared/db.ts).
 */
export function throughPgBouncer(url: string): string {
  const next = new URL(url);
  next.port = String(inject("pgbouncerPort"));
  next.searchParams.set("pgbouncer", "true");
  return next.toString();
}

export interface Route {
  route: string;
  /** The URL the code under test is given for a database reached directly at `direct`. */
  url(direct: string): string;
  /** How many server connections `clients` client connections end up on. */
  serverConnections(clients: number): number;
}

/** The ways the database layer reaches Postgres: directly, and through a transaction pooler. */
export const ROUTES: readonly Route[] = [
  { route: "directly", url: (direct) => direct, serverConnections: (clients) => clients },
  {
    route: "through PgBouncer in transaction mode",
    url: throughPgBouncer,
    serverConnections: (clients) => Math.min(clients, PGBOUNCER_POOL_SIZE),
  },
];

/** A plain client on the database, for the test's own reads and locks (one connection). */
export function observer(url: string): Sql {
  return postgres(url, { max: 1, onnotice: () => {} });
}

/**
 * Resolves once `count` statements of the functions' client are waiting for a lock in the
 * database `sql` is connected to: proof that they reached the server at the same time.
 */
export async function waitForLockWaits(sql: Sql, count: number, timeoutMs = 4_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await sql<{ waiting: number }[]>`
      select count(*)::int as waiting from pg_stat_activity
       where datname = current_database() and wait_event_type = 'Lock'
         and application_name = 'castloop-functions'`;
    if ((row?.waiting ?? 0) >= count) return;
    if (Date.now() > deadline) {
      const sessions = await sql`
        select application_name, state, wait_event_type, wait_event, left(query, 60) as query
          from pg_stat_activity where datname = current_database()`;
      throw new Error(
        `${row?.waiting ?? 0} of ${count} statements waited for the lock: ${JSON.stringify(sessions)}`,
      );
    }
    // pg_stat_activity has no event to wait on: look again after a moment.
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Runs `take` (a lock, a row claim) in a transaction on `sql` and resolves once it has run;
 * the transaction stays open, its locks held, until `release()` commits it.
 */
export async function holdInTransaction(
  sql: Sql,
  take: (tx: TransactionSql) => Promise<unknown>,
): Promise<{ release(): Promise<void> }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let taken!: () => void;
  const holding = new Promise<void>((resolve) => (taken = resolve));
  const transaction = sql.begin(async (tx) => {
    await take(tx);
    taken();
    await released;
  });
  await Promise.race([holding, transaction]);
  return {
    async release() {
      release();
      await transaction;
    },
  };
}
