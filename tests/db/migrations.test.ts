import { PGlite } from "@electric-sql/pglite";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pgliteDb, type EmbeddedDb } from "../../server/embedded-db.ts";
import {
  applyMigrations,
  readMigrations,
  type Migration,
  type MigrationTarget,
} from "../../server/migrations.ts";
import { freshDatabase } from "./postgres-under-test.ts";
import { migrationTarget } from "./real-postgres.ts";

// Every migration, one at a time, on an empty real PostgreSQL and an empty PGlite (what
// `npm start` and the unit tests run on): each applies on both, and both end with the same
// schema as the catalogs describe it (tables, columns, types, defaults, constraints, indexes,
// functions, triggers, privileges), whatever the text of the migrations.

/** The schemas the migrations make or write to. */
const SCHEMAS = ["private", "public", "supabase_migrations"];

/** One query per kind of object, each giving comparable rows in a stable order. */
const CATALOG: Record<string, string> = {
  schemas: `
    select nspname as name, coalesce(nspacl::text, '') as privileges
      from pg_namespace where nspname = any($1) order by 1`,
  tables: `
    select c.relnamespace::regnamespace::text as schema, c.relname as name, c.relkind as kind,
           c.relrowsecurity as row_security, coalesce(c.relacl::text, '') as privileges
      from pg_class c
     where c.relnamespace::regnamespace::text = any($1) and c.relkind in ('r', 'p', 'v', 'm', 'S')
     order by 1, 2`,
  columns: `
    select table_schema, table_name, column_name, ordinal_position, data_type, udt_name,
           is_nullable, column_default, character_maximum_length, numeric_precision,
           is_identity, is_generated, generation_expression
      from information_schema.columns
     where table_schema = any($1)
     order by 1, 2, 4`,
  constraints: `
    select conrelid::regclass::text as "table", conname as name, contype as kind,
           pg_get_constraintdef(oid) as definition, condeferrable, condeferred
      from pg_constraint
     where connamespace::regnamespace::text = any($1)
       -- PGlite's newer PostgreSQL also lists each NOT NULL here; is_nullable compares those.
       and contype <> 'n'
     order by 1, 2`,
  indexes: `
    select schemaname, tablename, indexname, indexdef
      from pg_indexes where schemaname = any($1) order by 1, 2, 3`,
  functions: `
    select p.pronamespace::regnamespace::text as schema, p.proname as name,
           pg_get_function_identity_arguments(p.oid) as arguments,
           pg_get_function_result(p.oid) as result, l.lanname as language,
           p.prokind as kind, p.provolatile as volatility, p.prosecdef as security_definer,
           coalesce(p.proconfig::text, '') as settings, md5(p.prosrc) as body,
           coalesce(p.proacl::text, '') as privileges
      from pg_proc p join pg_language l on l.oid = p.prolang
     where p.pronamespace::regnamespace::text = any($1)
     order by 1, 2, 3`,
  triggers: `
    select tgrelid::regclass::text as "table", tgname as name, pg_get_triggerdef(oid) as definition
      from pg_trigger
     where not tgisinternal and tgrelid::regclass::text like any (
             select s || '.%' from unnest($1::text[]) as s)
     order by 1, 2`,
  migrations: `
    select version, name from supabase_migrations.schema_migrations order by version`,
};

type Catalog = Record<string, unknown[]>;

async function catalog(db: MigrationTarget): Promise<Catalog> {
  const result: Catalog = {};
  for (const [kind, text] of Object.entries(CATALOG)) {
    const rows = await db.query<Record<string, unknown>>(
      text,
      text.includes("$1") ? [SCHEMAS] : [],
    );
    // Drivers differ on number types (PGlite's smallint is a number, postgres.js's too, but
    // its bigint a string): compare the values as text.
    result[kind] = rows.map((row) =>
      Object.fromEntries(
        Object.entries(row).map(([key, value]) => [key, value === null ? null : String(value)]),
      ),
    );
  }
  return result;
}

/** Applies the migrations one at a time, as a database that follows the repository would. */
async function oneByOne(db: MigrationTarget, migrations: readonly Migration[]) {
  const applied: string[] = [];
  for (let index = 0; index < migrations.length; index += 1) {
    applied.push(...(await applyMigrations(db, migrations.slice(0, index + 1))));
  }
  return applied;
}

let migrations: Migration[];
let sql: postgres.Sql;
let pglite: EmbeddedDb;

// An empty PGlite runs initdb in WebAssembly: 20 s on a busy two-core machine.
beforeAll(async () => {
  migrations = await readMigrations();
  sql = postgres(await freshDatabase({ empty: true }), { max: 1, onnotice: () => {} });
  pglite = pgliteDb(await PGlite.create());
}, 60_000);

afterAll(async () => {
  await sql?.end({ timeout: 5 });
  await pglite?.close();
});

describe("the migrations on a real PostgreSQL and on PGlite", () => {
  it("each applies, in order, to an empty database of either kind", async () => {
    const versions = migrations.map((migration) => migration.version);
    expect(await oneByOne(migrationTarget(sql), migrations)).toEqual(versions);
    expect(await oneByOne(pglite, migrations)).toEqual(versions);
    // Applied ones are recorded: a second run applies nothing.
    expect(await applyMigrations(migrationTarget(sql), migrations)).toEqual([]);
    expect(await applyMigrations(pglite, migrations)).toEqual([]);
  }, 60_000);

  it("leave both with the same catalog", async () => {
    const real = await catalog(migrationTarget(sql));
    const embedded = await catalog(pglite);
    // The comparison is only as good as what it sees: the functions' tables are in it.
    expect(real.tables?.length).toBeGreaterThanOrEqual(5);
    expect(real.functions?.length).toBeGreaterThanOrEqual(2);
    for (const kind of Object.keys(CATALOG)) {
      expect(embedded[kind], kind).toEqual(real[kind]);
    }
  });
});
