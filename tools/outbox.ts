import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { createPostgresDb, databaseUrlFromEnv, type Db } from "../supabase/functions/_shared/db.ts";
import { dataDir, IN_MEMORY, runningLocalServer } from "../server/database.ts";
import { openEmbeddedDb } from "../server/embedded-db.ts";
import { loadEnvOrExit } from "../server/env.ts";

// `npm run outbox [-- --limit N]`: the e-mail the functions wrote, newest first, then the
// cancellations and withdrawals that wait for a person (status operator or failed), from the
// database `npm start` uses: DATABASE_URL; else the running server's embedded database through
// its Unix socket (.cache/db/pglite.sock); else that database's directory, opened here.

export type OutboxEntry = {
  created_at: Date;
  to_address: string;
  subject: string;
  status: string;
  attempts: number;
  last_error: string | null;
  kind: string;
  ref: string | null;
  text_body: string;
};

export const OUTBOX_SQL = `select created_at, to_address, subject, status, attempts, last_error, kind, ref, text_body
  from private.email_outbox order by created_at desc limit $1`;

/** A request the function left to a person: no payment provider, or a case it cannot settle. */
export type QueuedRequest = {
  received_at: Date;
  id: string;
  kind: string;
  status: string;
  email: string | null;
  last_error: string | null;
};

export const QUEUED_SQL = `select received_at, id::text, kind, status, email, last_error
  from private.subscription_requests where status in ('operator', 'failed')
  order by received_at desc limit $1`;

/** One line per request: when, what, which, and why it waits. */
export function formatQueued(request: QueuedRequest): string {
  const why = request.status === "failed" ? `failed: ${request.last_error ?? "unknown"}` : "to do";
  return `${request.received_at.toISOString()}  ${request.kind.padEnd(8)}  ${request.id}  ${request.email ?? "-"}  (${why})`;
}

/** One message as the operator reads it: when, to whom, what, its state, then its text. */
export function formatEntry(entry: OutboxEntry): string {
  const state =
    entry.status === "local"
      ? "local (kept here: no RESEND_API_KEY)"
      : `${entry.status}${entry.attempts > 0 ? `, ${entry.attempts} attempt(s)` : ""}${
          entry.last_error ? `: ${entry.last_error}` : ""
        }`;
  return [
    `When:    ${entry.created_at.toISOString()}`,
    `To:      ${entry.to_address}`,
    `Subject: ${entry.subject}`,
    `Status:  ${state}`,
    `About:   ${entry.kind}${entry.ref ? ` ${entry.ref}` : ""}`,
    "",
    entry.text_body.trimEnd(),
  ].join("\n");
}

export type Source = { db: Db; close: () => Promise<void>; description: string };

/** The database `npm start` uses, as `npm run outbox` and `npm run jobs` open it. */
export async function openSource(): Promise<Source | string> {
  const env = loadEnvOrExit();
  const url = databaseUrlFromEnv(env.vars);
  if (url !== undefined) {
    const db = createPostgresDb(url, { max: 1 });
    return { db, close: () => db.close(), description: "DATABASE_URL" };
  }
  const dir = env.server.LOCAL_DB_DIR;
  if (dir === IN_MEMORY)
    return "LOCAL_DB_DIR=memory: that server's outbox lives in its memory only.";
  const running = runningLocalServer(dir);
  if (running !== undefined) {
    const db = createPostgresDb("postgres://postgres@localhost/postgres", {
      max: 1,
      socketPath: running.socket,
    });
    return { db, close: () => db.close(), description: `the running server's database (${dir})` };
  }
  if (!existsSync(dataDir(dir))) return `No outbox yet in ${dir}: start the site with npm start.`;
  const db = await openEmbeddedDb({ dataDir: dataDir(dir) });
  return { db, close: () => db.close(), description: `the database in ${dir}` };
}

async function main(): Promise<void> {
  const at = process.argv.indexOf("--limit");
  const limit = at > 0 ? Number(process.argv[at + 1]) : 20;
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) {
    console.error("--limit must be a whole number from 1 to 1000.");
    process.exit(1);
  }
  const source = await openSource();
  if (typeof source === "string") {
    console.log(source);
    return;
  }
  try {
    const entries = await source.db.query<OutboxEntry>(OUTBOX_SQL, [limit]);
    console.log(`Outbox in ${source.description}: ${entries.length} message(s), newest first.`);
    for (const entry of entries) console.log(`\n${"-".repeat(72)}\n${formatEntry(entry)}`);
    const queued = await source.db.query<QueuedRequest>(QUEUED_SQL, [limit]);
    console.log(
      `\n${"=".repeat(72)}\nRequests waiting for a person: ${queued.length}, newest first.`,
    );
    for (const request of queued) console.log(formatQueued(request));
  } finally {
    await source.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((error: unknown) => {
    console.error(
      `Could not read the outbox: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(1);
  });
}
