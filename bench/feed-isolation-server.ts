import { getConnInfo } from "@hono/node-server/conninfo";
import { createCheckoutHandlerFromEnv } from "../supabase/functions/create-checkout/from-env.ts";
import type { ResolveHost } from "../supabase/functions/feed-cadence/fetch-feed.ts";
import { createFeedCadenceHandlerFromEnv } from "../supabase/functions/feed-cadence/from-env.ts";
import { createResolver } from "../supabase/functions/feed-cadence/net.ts";
import { readInProcess } from "../supabase/functions/feed-cadence/read-in-worker.ts";
import { fixtureNetwork } from "../supabase/functions/feed-cadence/test-network.ts";
import type { FeedFixtures } from "../tests/fakes/feed-fixtures.ts";
import { createApp } from "../server/app.ts";
import { clientAddress } from "../server/client-address.ts";
import { readBuiltPublicEnv } from "../server/env.ts";
import { listen } from "../server/http-server.ts";
import { connectOrigins } from "../server/security-headers.ts";
import { DEFAULT_TEMPLATE_DIR, openEmbeddedDb } from "../server/embedded-db.ts";
import { loadStaticFiles } from "../server/static-files.ts";

// The production app for `npm run bench:feed` (bench/feed-isolation.ts), in a process of its
// own, with the test network given in code: `podcasts.fixture.test` reaches the bench's fixture
// host, names under `silent.test` go to the production resolver pointed at a nameserver that
// never answers. Everything else is production: the default feed rate limit, the worker pool,
// checkout against a fake Stripe reached by the name `localhost` (getaddrinfo, libuv's pool).
// BENCH_READ=in-process reads on the main thread instead of in the worker pool, for contrast.

const vars = process.env;
const fixtures = { port: Number(vars.BENCH_FIXTURE_PORT) } as FeedFixtures;
const network = fixtureNetwork(fixtures);
const silent = createResolver({ servers: [vars.BENCH_SILENT_DNS!] });
const resolve: ResolveHost = (hostname) =>
  hostname.endsWith(".silent.test") ? silent(hostname) : network.resolve(hostname);

const built = readBuiltPublicEnv();
// Limits and the feed cache count in a database, as in production: PGlite in memory here.
const db = await openEmbeddedDb({ templateDir: DEFAULT_TEMPLATE_DIR });
const app = createApp({
  files: loadStaticFiles("build/client"),
  checkout: createCheckoutHandlerFromEnv(
    {
      SITE_URL: "http://127.0.0.1",
      STRIPE_SECRET_KEY: "sk_test_fake_bench_key",
      STRIPE_PRICE_STARTER: "price_fake_starter",
      STRIPE_PRICE_PRO: "price_fake_pro",
      STRIPE_PRICE_EXPERT: "price_fake_expert",
      STRIPE_API_BASE: vars.BENCH_STRIPE_URL!,
      CHECKOUT_RATE_LIMIT: "0",
    },
    { db, log: () => {} },
  ),
  feedCadence: createFeedCadenceHandlerFromEnv(
    { SITE_URL: "http://127.0.0.1" },
    {
      db,
      network: { resolve, request: network.request },
      read: vars.BENCH_READ === "in-process" ? readInProcess : undefined,
      log: (line) => process.stdout.write(`${line}\n`),
    },
  ),
  connectOrigins: connectOrigins(built.VITE_SUPABASE_URL),
  // Each background visitor names itself, as one trusted proxy would write it.
  clientIp: (c) => clientAddress(getConnInfo(c).remote.address, c.req.header("x-forwarded-for"), 1),
});
const server = await listen(app.fetch, { port: Number(vars.PORT), hostname: "127.0.0.1" });
process.on("SIGTERM", () => void server.close().then(() => process.exit(0)));
