import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { DEFAULT_TEMPLATE_DIR, openEmbeddedDb, type EmbeddedDb } from "../../server/embedded-db.ts";
import { createPostgresDb, type PostgresDb } from "../../supabase/functions/_shared/db.ts";
import { createDbLimiter } from "../../supabase/functions/_shared/rate-limit.ts";
import { createDbAnswerCache } from "../../supabase/functions/feed-cadence/cache.ts";

/**
 * A migrated PGlite in memory, loaded from the snapshot the first one leaves in .cache
 * (server/embedded-db.ts), so only the first pays for initdb. Close it when done.
 */
export async function openTestDb(): Promise<EmbeddedDb> {
  const db = await openEmbeddedDb({ templateDir: DEFAULT_TEMPLATE_DIR });
  // A fresh PGlite plans its first statements slowly (seconds on a busy machine): run each kind
  // once here, in the caller's beforeAll, rather than inside the first test's time limit.
  await createDbLimiter(db, { name: "warm-up", limit: 1, windowSeconds: 1 }).hit("warm-up");
  const cache = createDbAnswerCache<number>(db, { ttlMs: 1_000, maxEntries: 1, trimEvery: 1 });
  await cache.get(
    "warm-up",
    async () => 1,
    () => true,
  );
  await cache.get(
    "warm-up",
    async () => 1,
    () => true,
  );
  await clearFunctionState(db);
  return db;
}

let shared: Promise<EmbeddedDb> | undefined;

/**
 * One test database per process for the files that only need *a* database (handlers built
 * from the environment), reopened if a file closed it. Files run one at a time per process.
 */
export async function sharedTestDb(): Promise<EmbeddedDb> {
  const current = shared === undefined ? undefined : await shared;
  if (current === undefined || current.pglite.closed) shared = openTestDb();
  return shared as Promise<EmbeddedDb>;
}

/** Closes the shared database (a file's afterAll); the next `sharedTestDb` opens another. */
export async function closeSharedTestDb(): Promise<void> {
  const current = shared;
  shared = undefined;
  await (await current)?.close();
}

/** Empties the functions' tables, so no count or cached answer carries over between tests. */
export async function clearFunctionState(db: EmbeddedDb): Promise<void> {
  await db.exec(
    `truncate private.rate_limit_windows, private.feed_cache, private.email_outbox,
       private.stripe_events, private.subscriptions, private.subscription_consents,
       private.renewal_reminders`,
  );
}

/**
 * The production driver (postgres.js, as on Supabase and with DATABASE_URL) on a test database,
 * over a Unix socket: a parameter's type is then the server's, which PGlite's own driver hides.
 */
export async function overPostgresJs(
  db: EmbeddedDb,
): Promise<{ db: PostgresDb; close: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), "castloop-pg-"));
  const path = join(dir, "pglite.sock");
  const sockets = new PGLiteSocketServer({ db: db.pglite, path, maxConnections: 1 });
  await sockets.start();
  const client = createPostgresDb("postgres://postgres@localhost/postgres", {
    socketPath: path,
    max: 1,
  });
  return {
    db: client,
    close: async () => {
      await client.close();
      await sockets.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
