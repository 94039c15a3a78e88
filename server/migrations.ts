import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Db } from "../supabase/functions/_shared/db.ts";

/** supabase/migrations, where `supabase db push` reads them too. */
export const MIGRATIONS_DIR = "supabase/migrations";

// `YYYYMMDDHHMMSS_name.sql`, the Supabase CLI's pattern.
const MIGRATION_FILE = /^(\d{14})_([a-z0-9_]+)\.sql$/;

export interface Migration {
  version: string;
  name: string;
  sql: string;
}

/** Every migration file, in version order. A file that breaks the naming rule is an error. */
export async function readMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((file) => file.endsWith(".sql")).sort();
  const migrations: Migration[] = [];
  for (const file of files) {
    const match = MIGRATION_FILE.exec(file);
    if (match === null) {
      throw new Error(`${join(dir, file)} must be named YYYYMMDDHHMMSS_name.sql`);
    }
    const [, version = "", name = ""] = match;
    migrations.push({ version, name, sql: await readFile(join(dir, file), "utf8") });
  }
  return migrations;
}

/** A connection that runs several statements at once (PGlite's exec, postgres.js's simple()). */
export interface MigrationTarget extends Db {
  exec(sql: string): Promise<void>;
}

/**
 * Applies the migrations not yet applied, each in its own transaction, and records each in the
 * table the Supabase CLI keeps (`supabase_migrations.schema_migrations`), so a database
 * migrated here and one migrated by `supabase db push` agree. Returns the versions applied.
 */
export async function applyMigrations(
  target: MigrationTarget,
  migrations: readonly Migration[],
): Promise<string[]> {
  await target.exec(`
    create schema if not exists supabase_migrations;
    create table if not exists supabase_migrations.schema_migrations (
      version text not null primary key,
      statements text[],
      name text
    );`);
  const rows = await target.query<{ version: string }>(
    "select version from supabase_migrations.schema_migrations",
  );
  const done = new Set(rows.map((row) => row.version));
  const applied: string[] = [];
  for (const migration of migrations) {
    if (done.has(migration.version)) continue;
    // The record goes in the same transaction: a migration is applied and noted, or neither.
    const record = `insert into supabase_migrations.schema_migrations (version, name)
      values ('${migration.version}', '${migration.name}');`;
    await target.exec(`begin;\n${migration.sql}\n;\n${record}\ncommit;`).catch(async (error) => {
      await target.exec("rollback;").catch(() => {});
      throw new Error(`Migration ${migration.version}_${migration.name} failed`, { cause: error });
    });
    applied.push(migration.version);
  }
  return applied;
}
