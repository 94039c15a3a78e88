import { DEFAULT_TEMPLATE_DIR, openEmbeddedDb, type EmbeddedDb } from "../../server/embedded-db.ts";

/**
 * A migrated PGlite in memory, loaded from the snapshot the first one leaves in .cache
 * (server/embedded-db.ts), so only the first pays for initdb. Close it when done.
 */
export function openTestDb(): Promise<EmbeddedDb> {
  return openEmbeddedDb({ templateDir: DEFAULT_TEMPLATE_DIR });
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
  await db.exec("truncate private.rate_limit_windows, private.feed_cache, private.email_outbox");
}
