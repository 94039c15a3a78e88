import { getConnInfo } from "@hono/node-server/conninfo";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { EmbeddedDb } from "./embedded-db.ts";
import { clearFunctionState, sharedTestDb } from "../tests/db/test-db.ts";
import { startFeedFixtures, type FeedFixtures } from "../tests/fakes/feed-fixtures.ts";
import { createFeedCadenceHandlerFromEnv } from "../supabase/functions/feed-cadence/from-env.ts";
import type { FeedFromEnvOptions } from "../supabase/functions/feed-cadence/from-env.ts";
import { MESSAGES } from "../supabase/functions/feed-cadence/handler.ts";
import { fixtureNetwork, fixtureUrl } from "../supabase/functions/feed-cadence/test-network.ts";
import { createApp } from "./app.ts";
import { clientAddress } from "./client-address.ts";
import { listen, type Listening } from "./http-server.ts";
import { builtSite } from "./test-files.ts";

// The feed function mounted by the production server, over real sockets. The SSRF refusals run
// against the production handler as `npm start` builds it: the system resolver, the real
// address policy and the pinned connector, with no test network at all.

const SITE = "http://127.0.0.1";
let fixtures: FeedFixtures;
let db: EmbeddedDb;
const servers: Listening[] = [];

async function serve(env: Record<string, string>, options: FeedFromEnvOptions = {}) {
  const app = createApp({
    files: builtSite(),
    checkout: async () => Response.json({ url: "https://pay" }),
    feedCadence: createFeedCadenceHandlerFromEnv(
      { SITE_URL: SITE, ...env },
      { db, log: () => {}, ...options },
    ),
    connectOrigins: [],
    clientIp: (c) => clientAddress(getConnInfo(c).remote.address, undefined, 0),
  });
  const server = await listen(app.fetch, { port: 0, hostname: "127.0.0.1" });
  servers.push(server);
  return (url: string) =>
    fetch(`http://127.0.0.1:${server.port}/functions/v1/feed-cadence`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ url }),
    });
}

beforeAll(async () => {
  fixtures = await startFeedFixtures();
  db = await sharedTestDb();
}, 120_000);
beforeEach(() => clearFunctionState(db));
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  await fixtures.close();
});

describe("POST /functions/v1/feed-cadence on the Node server", () => {
  it.each([
    ["http://127.0.0.1/weekly.xml", 422, "feed_unreachable"],
    ["http://localhost/weekly.xml", 422, "feed_unreachable"],
    ["http://[::1]/weekly.xml", 422, "feed_unreachable"],
    ["http://0.0.0.0/", 422, "feed_unreachable"],
    ["http://10.1.2.3/feed.xml", 422, "feed_unreachable"],
    ["http://192.168.1.1/feed.xml", 422, "feed_unreachable"],
    ["http://100.64.0.1/feed.xml", 422, "feed_unreachable"],
    ["http://169.254.169.254/latest/meta-data/", 422, "feed_unreachable"],
    ["http://[fd00::1]/", 422, "feed_unreachable"],
    ["http://[fe80::1]/", 422, "feed_unreachable"],
    ["http://[::ffff:127.0.0.1]/", 422, "feed_unreachable"],
    ["http://[::ffff:a9fe:a9fe]/", 422, "feed_unreachable"],
    ["http://0x7f000001/", 422, "feed_unreachable"],
    ["http://224.0.0.1/", 422, "feed_unreachable"],
    ["fixture-port", 400, "url_not_allowed"],
    ["http://user:secret@127.0.0.1/", 400, "url_not_allowed"],
    ["file:///etc/passwd", 400, "url_not_allowed"],
    ["not a url", 400, "invalid_url"],
  ] as const)("refuses %s with %i %s and never reaches it", async (target, status, code) => {
    const before = fixtures.requests.length;
    const post = await serve({ FEED_RATE_LIMIT: "0" });
    const url = target === "fixture-port" ? `${fixtures.origin}/weekly.xml` : target;
    const response = await post(url);
    expect(response.status).toBe(status);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(await response.json()).toEqual({ error: MESSAGES[code], code });
    expect(fixtures.requests.length).toBe(before);
  });

  it("answers a feed through the server (test network injected in code, not by env)", async () => {
    const post = await serve({ FEED_RATE_LIMIT: "0" }, { network: fixtureNetwork(fixtures) });
    const response = await post(fixtureUrl("/weekly.xml"));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ title: "The Weekly Fixture", episodes: 156 });
  });

  it("limits each client and says how long to wait", async () => {
    const post = await serve({ FEED_RATE_LIMIT: "1" });
    expect((await post("http://127.0.0.1/a.xml")).status).toBe(422);
    const refused = await post("http://127.0.0.1/b.xml");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("60");
    expect((await refused.json()).code).toBe("rate_limited");
  });
});
