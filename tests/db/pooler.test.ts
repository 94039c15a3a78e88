import postgres, { type Sql } from "postgres";
import { beforeAll, describe, expect, it } from "vitest";
import {
  createPostgresDb,
  DatabaseUnavailableError,
  transactionPooler,
  type Db,
} from "../../supabase/functions/_shared/db.ts";
import { createMailer } from "../../supabase/functions/_shared/email.ts";
import { createDbLimiter } from "../../supabase/functions/_shared/rate-limit.ts";
import { createRequestStore } from "../../supabase/functions/manage-subscription/store.ts";
import { PGBOUNCER_POOL_SIZE } from "./pgbouncer.ts";
import { freshDatabase, holdInTransaction, throughPgBouncer } from "./postgres-under-test.ts";

// The functions' client behind PgBouncer in transaction mode, which stands in for Supabase's
// transaction pooler (Supavisor, port 6543): each transaction may run on another server
// connection, so the client must prepare nothing and set nothing at connect.

/** The database layer's statements, many at once: limits, requests, the outbox. */
async function workload(db: Db) {
  const limiter = createDbLimiter(db, { name: "pooled", limit: 5, windowSeconds: 60 });
  const store = createRequestStore(db);
  const mailer = createMailer({ db, from: "Castloop <billing@castloop.test>" });
  await Promise.all(
    Array.from({ length: 12 }, async (_, index) => {
      await limiter.hit(`client ${index % 3}`);
      await store.record({ kind: "cancel", email: `r${index}@example.test` });
      await store.claimDue(2);
      await mailer.send({
        to: `r${index}@example.test`,
        subject: "Pooled",
        text: "Plain text.",
        html: "<p>Plain text.</p>",
        kind: "test",
      });
    }),
  );
}

/**
 * The statements prepared on every server connection of the database's pool: each of
 * PGBOUNCER_POOL_SIZE clients holds a transaction open, so each is on a connection of its own.
 */
async function preparedOnServer(pooled: string): Promise<string[]> {
  const clients: Sql[] = [];
  const holds: { release(): Promise<void> }[] = [];
  const names: string[] = [];
  try {
    for (let index = 0; index < PGBOUNCER_POOL_SIZE; index += 1) {
      const client = postgres(transactionPooler(pooled).url, {
        max: 1,
        prepare: false,
        onnotice: () => {},
      });
      clients.push(client);
      holds.push(
        await holdInTransaction(client, async (tx) => {
          const rows = await tx<{ statement: string }[]>`
            select statement from pg_prepared_statements`;
          names.push(...rows.map((row) => row.statement));
        }),
      );
    }
  } finally {
    await Promise.all(holds.map((hold) => hold.release()));
    await Promise.all(clients.map((client) => client.end({ timeout: 5 })));
  }
  return names;
}

describe("the functions' client through PgBouncer in transaction mode", () => {
  let pooledUrl: string;

  beforeAll(async () => {
    pooledUrl = throughPgBouncer(await freshDatabase());
  });

  it("runs the database layer and leaves no prepared statement on the server", async () => {
    const db = createPostgresDb(pooledUrl, { max: 6 });
    try {
      await workload(db);
    } finally {
      await db.close();
    }
    expect(await preparedOnServer(pooledUrl)).toEqual([]);
  });

  it("would see the statements of a client that prepares them", async () => {
    // The check above can fail: postgres.js's default leaves its statements on whichever
    // server connection it prepared them on. (Run one at a time here: pipelined, its later
    // uses of a statement on another server connection are never answered.)
    const sql = postgres(transactionPooler(pooledUrl).url, { max: 1, onnotice: () => {} });
    try {
      for (let index = 0; index < 3; index += 1) {
        await sql.unsafe("select $1::int as n", [index], { prepare: true });
      }
    } finally {
      await sql.end({ timeout: 5 });
    }
    expect(await preparedOnServer(pooledUrl)).toContain("select $1::int as n");
  });

  it("cannot connect when told the pooler is a direct connection", async () => {
    // A direct connection's client sends statement_timeout at connect, which PgBouncer
    // refuses: the functions would answer 503 to every request.
    const db = createPostgresDb(pooledUrl, { transactionPooler: false, max: 1 });
    try {
      await expect(db.query("select 1")).rejects.toBeInstanceOf(DatabaseUnavailableError);
    } finally {
      await db.close();
    }
  });
});
