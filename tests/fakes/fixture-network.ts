import type { FeedFixtures } from "./feed-fixtures.ts";
import type {
  PinnedRequest,
  ResolveHost,
} from "../../supabase/functions/feed-cadence/fetch-feed.ts";
import { pinnedRequest } from "../../supabase/functions/feed-cadence/net.ts";

/**
 * A stand-in network for tests and the browser test's stack, injected through the handler's
 * deps (never the environment): names under `fixture.test` resolve to the addresses below, and
 * the one public-looking address routes to the local fixture server. Nothing leaves 127.0.0.1:
 * any other address fails as unreachable. The address policy is the production one.
 */

/** A public-looking address that stands for the fixture host; never really connected to. */
export const FIXTURE_PUBLIC_ADDRESS = "1.2.3.4";
export const FIXTURE_HOST = "podcasts.fixture.test";

export const fixtureNames: Readonly<Record<string, string[]>> = {
  [FIXTURE_HOST]: [FIXTURE_PUBLIC_ADDRESS],
  // A public-looking name that resolves into a private network.
  "private.fixture.test": ["10.0.0.8"],
  "metadata.fixture.test": ["169.254.169.254"],
  "mapped.fixture.test": ["::ffff:127.0.0.1"],
  // One good and one bad answer: the bad one refuses the name.
  "mixed.fixture.test": [FIXTURE_PUBLIC_ADDRESS, "127.0.0.1"],
};

export function fixtureNetwork(fixtures: FeedFixtures): {
  resolve: ResolveHost;
  request: PinnedRequest;
  /** Addresses the function asked to connect to, in order. */
  connections: string[];
} {
  const connections: string[] = [];
  return {
    connections,
    resolve: async (hostname) => {
      const addresses = fixtureNames[hostname];
      if (addresses === undefined) {
        throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
      }
      return addresses;
    },
    request: (url, address, init) => {
      connections.push(address);
      if (address !== FIXTURE_PUBLIC_ADDRESS) {
        return Promise.reject(new Error(`test network: no route to ${address}`));
      }
      // Same name, the fixture's port: the real pinned connector must connect to the address
      // it is given, as the name resolves nowhere else.
      const routed = new URL(url);
      routed.protocol = "http:";
      routed.port = String(fixtures.port);
      return pinnedRequest(routed, "127.0.0.1", init);
    },
  };
}

export const fixtureUrl = (path: string) => `http://${FIXTURE_HOST}${path}`;
