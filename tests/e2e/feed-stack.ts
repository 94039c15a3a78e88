import { getConnInfo } from "@hono/node-server/conninfo";
import { createApp } from "../../server/app.ts";
import { clientAddress } from "../../server/client-address.ts";
import { readBuiltPublicEnv } from "../../server/env.ts";
import { listen } from "../../server/http-server.ts";
import { connectOrigins } from "../../server/security-headers.ts";
import { openEmbeddedDb, DEFAULT_TEMPLATE_DIR } from "../../server/embedded-db.ts";
import { loadStaticFiles } from "../../server/static-files.ts";
import { createNotConfiguredHandler } from "../../supabase/functions/create-checkout/handler.ts";
import { createFeedCadenceHandlerFromEnv } from "../../supabase/functions/feed-cadence/from-env.ts";
import { fixtureNetwork } from "../../supabase/functions/feed-cadence/test-network.ts";
import { startFeedFixtures, type FeedFixtures } from "../fakes/feed-fixtures.ts";

export { fixtureUrl } from "../../supabase/functions/feed-cadence/test-network.ts";

export type FeedStack = { origin: string; fixtures: FeedFixtures; close: () => Promise<void> };

/**
 * The production app (the tests' build, tests/site-under-test.ts; the real
 * feed-cadence handler and address policy) on its own loopback port, in this process, so the
 * handler can be given the fixture network in code: `podcasts.fixture.test` reaches the local
 * fixture host, and no environment variable can do the same to a real server.
 */
export async function startFeedStack(): Promise<FeedStack> {
  const fixtures = await startFeedFixtures();
  const db = await openEmbeddedDb({ templateDir: DEFAULT_TEMPLATE_DIR }).catch(async (error) => {
    await fixtures.close();
    throw error;
  });
  try {
    const built = readBuiltPublicEnv();
    const app = createApp({
      files: loadStaticFiles("build/client"),
      checkout: createNotConfiguredHandler({ allowedOrigins: [], log: () => {} }),
      feedCadence: createFeedCadenceHandlerFromEnv(
        { SITE_URL: "http://127.0.0.1", FEED_RATE_LIMIT: "0" },
        { db, network: fixtureNetwork(fixtures), log: () => {} },
      ),
      connectOrigins: connectOrigins(built.VITE_SUPABASE_URL),
      clientIp: (c) => clientAddress(getConnInfo(c).remote.address, undefined, 0),
    });
    const server = await listen(app.fetch, { port: 0, hostname: "127.0.0.1" });
    return {
      origin: `http://127.0.0.1:${server.port}`,
      fixtures,
      close: async () => {
        await server.close();
        await fixtures.close();
        await db.close();
      },
    };
  } catch (error) {
    await fixtures.close();
    await db.close();
    throw error;
  }
}
