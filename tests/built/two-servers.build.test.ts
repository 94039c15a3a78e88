import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveBuild, type Served } from "../../scripts/serve-build.ts";
import type { EmbeddedDb } from "../../server/embedded-db.ts";
import { MESSAGES } from "../../supabase/functions/feed-cadence/handler.ts";
import { openTestDb } from "../db/test-db.ts";

// Two production servers (server/main.ts, two processes) on one Postgres: PGlite in this
// process, served over a loopback socket, reached by both through DATABASE_URL and
// postgres.js, as two Supabase isolates reach the project's database.

let db: EmbeddedDb;
let sockets: PGLiteSocketServer;
const servers: Served[] = [];

beforeAll(async () => {
  db = await openTestDb();
  sockets = new PGLiteSocketServer({
    db: db.pglite,
    host: "127.0.0.1",
    port: 0,
    maxConnections: 16,
  });
  await sockets.start();
  const url = `postgres://postgres@${sockets.getServerConn()}/postgres`;
  const env = { DATABASE_URL: url, FEED_RATE_LIMIT: "3", FEED_RATE_LIMIT_GLOBAL: "0" };
  // One after the other, so a failed start leaves nothing running; each loads tsx cold, which
  // takes well over the default 20 s on a loaded two-core machine.
  for (let index = 0; index < 2; index += 1) {
    servers.push(await serveBuild({ env, startTimeoutMs: 60_000 }));
  }
}, 180_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await sockets?.stop();
  await db?.close();
});

function lookUp(server: Served) {
  return fetch(`${server.origin}/functions/v1/feed-cadence`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    // Refused before any fetch, and counted all the same: the limit comes first.
    body: JSON.stringify({ url: "not a web address" }),
  });
}

describe("two servers sharing one database", () => {
  it("hold one per-client limit between them: 3 a minute in all, not 3 each", async () => {
    const [a, b] = servers as [Served, Served];
    const statuses: number[] = [];
    for (const server of [a, b, a]) statuses.push((await lookUp(server)).status);
    expect(statuses).toEqual([400, 400, 400]);

    for (const server of [b, a]) {
      const refused = await lookUp(server);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await refused.json()).toEqual({ error: MESSAGES.rate_limited, code: "rate_limited" });
    }
    const [row] = await db.query<{ hits: number }>(
      "select hits from private.rate_limit_windows where name = 'feed'",
    );
    expect(row?.hits).toBe(5);
  });

  it("fail closed when the database goes away: 503 with Retry-After; pages still load", async () => {
    await sockets.stop();
    const [a] = servers as [Served];
    const response = await lookUp(a);
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("30");
    expect(await response.json()).toEqual({
      error: MESSAGES.database_unavailable,
      code: "database_unavailable",
    });
    const page = await fetch(`${a.origin}/pricing`);
    expect(page.status).toBe(200);
  });
});
