import postgres from "postgres";
import { databaseUrlFromEnv, transactionPooler } from "../supabase/functions/_shared/db.ts";
import { loadEnvOrExit } from "../server/env.ts";
import { applyMigrations, readMigrations } from "../server/migrations.ts";

// `npm run db:migrate`: applies supabase/migrations to DATABASE_URL (a Postgres of one's own;
// on Supabase use `supabase db push`). Records them where the Supabase CLI does, so both agree.
// The embedded database of `npm start` migrates itself when the server starts.

const url = databaseUrlFromEnv(loadEnvOrExit().vars);
if (url === undefined) {
  console.error(
    "Set DATABASE_URL to the Postgres to migrate (npm start's own database migrates itself).",
  );
  process.exit(1);
}
// One transaction per migration, no prepared statement: it works through a transaction pooler.
const sql = postgres(transactionPooler(url).url, { max: 1, prepare: false, onnotice: () => {} });
try {
  const applied = await applyMigrations(
    {
      exec: async (text) => void (await sql.unsafe(text).simple()),
      query: async <T>(text: string, params: readonly unknown[] = []) =>
        [...(await sql.unsafe(text, params as never[]))] as T[],
    },
    await readMigrations(),
  );
  console.log(applied.length === 0 ? "Up to date." : `Applied: ${applied.join(", ")}`);
} catch (error) {
  console.error(error instanceof Error ? `${error.message}: ${String(error.cause ?? "")}` : error);
  process.exitCode = 1;
} finally {
  await sql.end({ timeout: 2 });
}
