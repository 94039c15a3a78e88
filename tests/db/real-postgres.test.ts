import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readMigrations } from "../../server/migrations.ts";
import { freshDatabase } from "./postgres-under-test.ts";

// The harness itself: a real server (not PGlite), every migration applied, and a second
// connection that waits on the first one's row lock, which PGlite cannot show.

let sql: postgres.Sql;
let other: postgres.Sql;

beforeAll(async () => {
  const url = await freshDatabase();
  sql = postgres(url, { max: 1, onnotice: () => {} });
  other = postgres(url, { max: 1, onnotice: () => {} });
});

afterAll(async () => {
  await sql?.end({ timeout: 5 });
  await other?.end({ timeout: 5 });
});

describe("the real PostgreSQL harness", () => {
  it("is a PostgreSQL server with every migration recorded", async () => {
    const [row] = await sql<{ version: string }[]>`select version()`;
    expect(row?.version).toMatch(/^PostgreSQL \d+/);
    expect(row?.version).not.toMatch(/pglite|emscripten|wasm/i);
    const applied = await sql<{ version: string }[]>`
      select version from supabase_migrations.schema_migrations order by version`;
    const files = await readMigrations();
    expect(applied.map((migration) => migration.version)).toEqual(
      files.map((migration) => migration.version),
    );
  });

  it("gives each file a database of its own", async () => {
    const [a] = await sql<{ name: string }[]>`select current_database() as name`;
    const second = postgres(await freshDatabase(), { max: 1, onnotice: () => {} });
    const [b] = await second<{ name: string }[]>`select current_database() as name`;
    await second.end({ timeout: 5 });
    expect(a?.name).toMatch(/^test_/);
    expect(b?.name).toMatch(/^test_/);
    expect(b?.name).not.toBe(a?.name);
  });

  it("lets a second connection skip a row the first one holds", async () => {
    await sql`create table held (id int primary key)`;
    await sql`insert into held values (1), (2)`;
    const seen = await sql.begin(async (tx) => {
      const [mine] = await tx<{ id: number }[]>`
        select id from held order by id limit 1 for update`;
      const theirs = await other<{ id: number }[]>`
        select id from held order by id limit 1 for update skip locked`;
      return { mine: mine?.id, theirs: theirs[0]?.id };
    });
    expect(seen).toEqual({ mine: 1, theirs: 2 });
  });
});
