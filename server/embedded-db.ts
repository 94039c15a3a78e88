import { PGlite } from "@electric-sql/pglite";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { DatabaseUnavailableError } from "../supabase/functions/_shared/db.ts";
import { applyMigrations, readMigrations, type MigrationTarget } from "./migrations.ts";

export interface EmbeddedDb extends MigrationTarget {
  /** The PGlite itself, for a socket server that lets other processes in. */
  readonly pglite: PGlite;
  close(): Promise<void>;
}

/** A Db over a PGlite: queries after `close` fail as an unavailable database would. */
export function pgliteDb(pglite: PGlite): EmbeddedDb {
  const guard = async <T>(run: () => Promise<T>): Promise<T> => {
    if (pglite.closed) throw new DatabaseUnavailableError("closed");
    try {
      return await run();
    } catch (error) {
      if (pglite.closed) throw new DatabaseUnavailableError("closed", { cause: error });
      throw error;
    }
  };
  return {
    pglite,
    query: <T = Record<string, unknown>>(text: string, params: readonly unknown[] = []) =>
      guard(async () => (await pglite.query<T>(text, [...params])).rows),
    exec: (sql: string) => guard(async () => void (await pglite.exec(sql))),
    close: () => (pglite.closed ? Promise.resolve() : pglite.close()),
  };
}

export interface EmbeddedDbOptions {
  /** A directory to keep the data in (`npm start`); undefined keeps it in memory (tests). */
  dataDir?: string;
  migrationsDir?: string;
  /**
   * In memory only: where to keep a snapshot of a freshly migrated database, so the next
   * in-memory database loads it instead of running initdb again (seconds on a busy machine).
   * Keyed by PGlite's version and the migrations' text; undefined: no snapshot.
   */
  templateDir?: string;
}

/** The snapshot folder the tests and `npm start`'s in-memory mode share. */
export const DEFAULT_TEMPLATE_DIR = ".cache/pglite-templates";

/** PGlite's version, from its package.json (which its exports do not list). */
function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  const marker = join("@electric-sql", "pglite");
  const root = entry.slice(0, entry.lastIndexOf(marker) + marker.length);
  const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
    version: string;
  };
  return manifest.version;
}

async function saveTemplate(pglite: PGlite, template: string): Promise<void> {
  const dump = await pglite.dumpDataDir("none");
  mkdirSync(dirname(template), { recursive: true });
  // Written aside and renamed, so a reader never loads half a snapshot.
  const partial = `${template}.${process.pid}.partial`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, template);
}

/**
 * PGlite, Postgres compiled to WebAssembly, in this process: in a directory or in memory,
 * with every migration in supabase/migrations applied.
 */
export async function openEmbeddedDb(options: EmbeddedDbOptions = {}): Promise<EmbeddedDb> {
  const migrations = await readMigrations(options.migrationsDir);
  const hash = createHash("sha256").update(pgliteVersion());
  for (const migration of migrations) hash.update(`\0${migration.version}\0${migration.sql}`);
  const template =
    options.dataDir === undefined && options.templateDir !== undefined
      ? join(options.templateDir, `${hash.digest("hex").slice(0, 16)}.tar`)
      : undefined;

  const loadDataDir =
    template !== undefined && existsSync(template) ? new Blob([readFileSync(template)]) : undefined;
  const pglite = await PGlite.create(options.dataDir, loadDataDir ? { loadDataDir } : {});
  const db = pgliteDb(pglite);
  try {
    const applied = await applyMigrations(db, migrations);
    if (template !== undefined && applied.length > 0) {
      await saveTemplate(pglite, template).catch(() => {
        // Only a speed-up: a read-only checkout (or Deno without --allow-write) goes without.
      });
    }
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
