import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../supabase/functions/feed-cadence/handler.ts";
import { ensureTestBuild } from "../site-under-test.ts";
import { serveBuild, type Served } from "../tools/serve-build.ts";
import { freshDatabase, realPostgresUrl } from "./postgres-under-test.ts";

// Two production servers (server/main.ts, two processes) on one real PostgreSQL, reached by
// both through DATABASE_URL and postgres.js, as two Supabase isolates reach the project's
// database: the per-client and per-address limits are counted once for both.

const FEED_LIMIT = 10;
const ADDRESS_LIMIT = 5;

let url: string;
const servers: Served[] = [];

beforeAll(async () => {
  // The servers serve the tests' build; the build project's setup has made it when both run.
  ensureTestBuild();
  url = await freshDatabase();
  const env = {
    DATABASE_URL: url,
    FEED_RATE_LIMIT: String(FEED_LIMIT),
    FEED_RATE_LIMIT_GLOBAL: "0",
    MANAGE_RATE_LIMIT: "0",
    MANAGE_EMAIL_RATE_LIMIT: String(ADDRESS_LIMIT),
    SUBSCRIPTION_LINK_SECRET: "a-link-secret-both-servers-share-0123456789",
  };
  // One after the other, so a failed start leaves nothing running; each loads tsx cold, which
  // takes well over the default 20 s on a loaded two-core machine.
  for (let index = 0; index < 2; index += 1) {
    servers.push(await serveBuild({ env, startTimeoutMs: 60_000 }));
  }
}, 240_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
});

function post(server: Served, name: string, body: unknown) {
  return fetch(`${server.origin}/functions/v1/${name}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

/** The statuses of `count` requests sent at once, alternately to each server. */
async function atOnce(count: number, send: (server: Served) => Promise<Response>) {
  const responses = await Promise.all(
    Array.from({ length: count }, (_, index) => send(servers[index % 2]!)),
  );
  return responses;
}

const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>(
    (counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }),
    {},
  );

describe("two servers sharing one real PostgreSQL", () => {
  it(`let ${FEED_LIMIT} of 40 simultaneous feed look-ups from one client through, in all`, async () => {
    // Refused before any fetch, and counted all the same: the limit comes first.
    const responses = await atOnce(40, (server) =>
      post(server, "feed-cadence", { url: "not a web address" }),
    );
    expect(tally(responses.map((response) => response.status))).toEqual({
      400: FEED_LIMIT,
      429: 40 - FEED_LIMIT,
    });
    const refused = responses.find((response) => response.status === 429)!;
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({ error: MESSAGES.rate_limited, code: "rate_limited" });
  });

  it(`record all 12 simultaneous cancellations for one address, e-mailing it ${ADDRESS_LIMIT} times`, async () => {
    // A limit keyed on an address would let a stranger lock its owner out (ADR 019): every
    // request is recorded, and only the e-mail to one mailbox is limited, across both servers.
    const responses = await atOnce(12, (server) =>
      post(server, "manage-subscription", { action: "cancel", email: "ada@example.com" }),
    );
    expect(responses.map((response) => response.status < 300)).toEqual(Array(12).fill(true));
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    try {
      const [row] = await sql<{ count: number }[]>`
        select count(*)::int as count from private.subscription_requests where kind = 'cancel'`;
      expect(row?.count).toBe(12);
      // Each acknowledgment is written after its answer; wait until all 12 are in the outbox.
      const statuses = async () =>
        tally(
          (
            await sql<{ status: string }[]>`
              select status from private.email_outbox where to_address = 'ada@example.com'`
          ).map((each) => (each.status === "held" ? 0 : 1)),
        );
      await expect
        .poll(statuses, { timeout: 30_000, interval: 100 })
        .toEqual({ 0: 12 - ADDRESS_LIMIT, 1: ADDRESS_LIMIT });
    } finally {
      await sql.end({ timeout: 5 });
    }
  });

  it("fail closed when the database goes away: 503 with Retry-After; pages still load", async () => {
    // Dropping the database ends both servers' connections, and every new one is refused.
    const admin = postgres(realPostgresUrl(), { max: 1, onnotice: () => {} });
    try {
      await admin.unsafe(`drop database ${new URL(url).pathname.slice(1)} with (force)`);
    } finally {
      await admin.end({ timeout: 5 });
    }
    for (const server of servers) {
      const response = await post(server, "feed-cadence", { url: "not a web address" });
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toBe("30");
      expect(await response.json()).toEqual({
        error: MESSAGES.database_unavailable,
        code: "database_unavailable",
      });
      expect((await fetch(`${server.origin}/pricing`)).status).toBe(200);
    }
  });
});
