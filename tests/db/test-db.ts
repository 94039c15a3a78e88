import { DEFAULT_TEMPLATE_DIR, openEmbeddedDb, type EmbeddedDb } from "../../server/embedded-db.ts";

/**
 * A migrated PGlite in memory for one test file, loaded from the snapshot the first one leaves
 * in .cache (server/embedded-db.ts), so only the first pays for initdb. Close it in afterAll.
 */
export function openTestDb(): Promise<EmbeddedDb> {
  return openEmbeddedDb({ templateDir: DEFAULT_TEMPLATE_DIR });
}

/** Empties the functions' tables between tests that share one database. */
export async function clearFunctionState(db: EmbeddedDb): Promise<void> {
  await db.exec("truncate private.rate_limit_windows, private.feed_cache, private.email_outbox");
}
