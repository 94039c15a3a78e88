import assert from "node:assert/strict";
import process from "node:process";
import { startFeedFixtures, type FeedFixtures } from "../fakes/feed-fixtures.ts";
import { manyAttributesFeed } from "../fakes/hostile-feed.ts";
import { clearFunctionState, sharedTestDb } from "../db/test-db.ts";
import { feedTimeoutMs } from "../../supabase/functions/_shared/contract.ts";
import type { Db } from "../../supabase/functions/_shared/db.ts";
import type { FunctionHandler } from "../../supabase/functions/_shared/serve.ts";
import { FETCH_DEADLINE_MS, MAX_FEED_BYTES } from "../../supabase/functions/feed-cadence/budget.ts";
import type {
  FetchLimits,
  PinnedRequest,
} from "../../supabase/functions/feed-cadence/fetch-feed.ts";
import { createFeedCadenceHandlerFromEnv } from "../../supabase/functions/feed-cadence/from-env.ts";
import { MESSAGES } from "../../supabase/functions/feed-cadence/handler.ts";
import { readInProcess } from "../../supabase/functions/feed-cadence/read-in-process.ts";
import type {
  CheckInWorker,
  ReadInWorker,
} from "../../supabase/functions/feed-cadence/read-pool.ts";
import { fixtureNetwork, fixtureUrl } from "../fakes/fixture-network.ts";

// The feed function's contract, run by Vitest on Node (handler.test.ts) and by Deno
// (tests/functions/feed-cadence-test.ts): the same handler, the same fixture host,
// the same assertions on both runtimes.

/** Sunday 15 November 2026: the 12 months counted are November 2025 to October 2026. */
export const FIXED_NOW = Date.UTC(2026, 10, 15, 12);
export const SITE = "https://castloop.test";
const ENDPOINT = `${SITE}/functions/v1/feed-cadence`;

export type FeedStack = {
  fixtures: FeedFixtures;
  handler: FunctionHandler;
  /** Addresses the function connected to (through the test network). */
  connections: string[];
  logs: string[];
  post(url: unknown): Promise<Response>;
};

export async function withFeedStack(
  run: (stack: FeedStack) => Promise<void>,
  options: {
    env?: Record<string, string>;
    limits?: Partial<FetchLimits>;
    request?: PinnedRequest;
    read?: ReadInWorker;
    /** The check-up's reader; the same pool as `read` in the check-up's cases. */
    check?: CheckInWorker;
    /** Another database (one that is down, say); by default a real one, emptied first. */
    db?: Db;
  } = {},
): Promise<void> {
  let db = options.db;
  if (db === undefined) {
    const shared = await sharedTestDb();
    // Counts and cached answers live in the database now: none may carry over from a case.
    await clearFunctionState(shared);
    db = shared;
  }
  const fixtures = await startFeedFixtures(FIXED_NOW);
  const network = fixtureNetwork(fixtures);
  if (options.request) network.request = options.request;
  const logs: string[] = [];
  const handler = createFeedCadenceHandlerFromEnv(
    { SITE_URL: SITE, FEED_RATE_LIMIT: "0", ...options.env },
    {
      db,
      network,
      now: () => FIXED_NOW,
      limits: options.limits,
      read: options.read,
      check: options.check,
      log: (line) => logs.push(line),
    },
  );
  const post = (url: unknown) =>
    handler(
      new Request(ENDPOINT, {
        method: "POST",
        headers: { "content-type": "application/json", origin: SITE },
        body: JSON.stringify({ url }),
      }),
      { clientIp: "203.0.113.7" },
    );
  try {
    await run({ fixtures, handler, connections: network.connections, logs, post });
  } finally {
    await fixtures.close();
  }
}

async function expectRefusal(response: Response, status: number, code: keyof typeof MESSAGES) {
  assert.equal(response.status, status);
  assert.equal(response.headers.get("access-control-allow-origin"), SITE);
  assert.deepEqual(await response.json(), { error: MESSAGES[code], code });
}

/** Resolves with the time `promise` took, in ms. */
async function timed<T>(promise: Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const value = await promise;
  return [value, performance.now() - start];
}

/**
 * Resolves with the CPU time the process spent while `promise` ran, in ms: every thread's, so a
 * reading worker's too. Unlike the time on the clock, a busy machine does not stretch it.
 */
async function cpuTimed<T>(promise: Promise<T>): Promise<[T, number]> {
  const start = process.cpuUsage();
  const value = await promise;
  const { user, system } = process.cpuUsage(start);
  return [value, (user + system) / 1000];
}

export type ContractCase = { name: string; run: () => Promise<void> };

const refusals: Array<[string, unknown, number, keyof typeof MESSAGES]> = [
  ["a word that is no URL", "my podcast", 400, "invalid_url"],
  ["a number instead of a string", 42, 400, "invalid_body"],
  ["a URL without scheme", "podcasts.fixture.test/weekly.xml", 400, "invalid_url"],
  ["a file: URL", "file:///etc/passwd", 400, "url_not_allowed"],
  ["an ftp: URL", "ftp://podcasts.fixture.test/weekly.xml", 400, "url_not_allowed"],
  [
    "a URL with credentials",
    "http://user:pass@podcasts.fixture.test/weekly.xml",
    400,
    "url_not_allowed",
  ],
  [
    "a URL with a user only",
    "https://admin@podcasts.fixture.test/weekly.xml",
    400,
    "url_not_allowed",
  ],
  ["port 8080", "http://podcasts.fixture.test:8080/weekly.xml", 400, "url_not_allowed"],
  ["port 22", "https://podcasts.fixture.test:22/", 400, "url_not_allowed"],
  ["127.0.0.1", "http://127.0.0.1/weekly.xml", 422, "feed_unreachable"],
  ["localhost written as a decimal number", "http://2130706433/", 422, "feed_unreachable"],
  ["[::1]", "http://[::1]/weekly.xml", 422, "feed_unreachable"],
  ["an IPv4-mapped loopback", "http://[::ffff:127.0.0.1]/", 422, "feed_unreachable"],
  [
    "the cloud metadata address",
    "http://169.254.169.254/latest/meta-data/",
    422,
    "feed_unreachable",
  ],
  [
    "a name that resolves to 10.0.0.8",
    "http://private.fixture.test/weekly.xml",
    422,
    "feed_unreachable",
  ],
  ["a name that resolves to link-local", "https://metadata.fixture.test/", 422, "feed_unreachable"],
  [
    "a name that resolves to ::ffff:127.0.0.1",
    "http://mapped.fixture.test/",
    422,
    "feed_unreachable",
  ],
  [
    "a name with one private address among public ones",
    "http://mixed.fixture.test/",
    422,
    "feed_unreachable",
  ],
  ["a name that does not resolve", "https://nowhere.fixture.test/feed", 422, "feed_unreachable"],
];

/**
 * The cases, each look-up read by `read` (the runtime's pool of workers) unless a case brings a
 * reader of its own.
 */
export function contractCases(read: ReadInWorker): ContractCase[] {
  const withStack: typeof withFeedStack = (run, options = {}) =>
    withFeedStack(run, { read, ...options });
  return [
    {
      name: "reads a weekly show: months, means, busiest month, durations, transcripts",
      run: () =>
        withStack(async ({ post, connections }) => {
          const response = await post(fixtureUrl("/weekly.xml"));
          assert.equal(response.status, 200);
          assert.equal(response.headers.get("access-control-allow-origin"), SITE);
          const body = await response.json();
          assert.equal(body.title, "The Weekly Fixture");
          assert.equal(body.artworkUrl, "https://cdn.fixture.test/The%20Weekly%20Fixture.jpg");
          assert.equal(body.episodes, 156);
          assert.deepEqual(
            body.months.map((month: { episodes: number }) => month.episodes),
            [4, 5, 4, 4, 5, 4, 4, 5, 4, 4, 5, 4],
          );
          assert.equal(body.months[0].month, "2025-11");
          assert.equal(body.months[11].month, "2026-10");
          assert.deepEqual(body.last12, {
            months: 12,
            mean: 4.3,
            busiest: { month: "2025-12", episodes: 5 },
          });
          assert.deepEqual(body.last6, {
            months: 6,
            mean: 4.3,
            busiest: { month: "2026-06", episodes: 5 },
          });
          assert.equal(body.monthsWithFiveOrMore, 4);
          assert.equal(body.medianDurationSeconds, 3130);
          assert.equal(body.hasTranscripts, true);
          assert.deepEqual(connections, ["1.2.3.4"]);
        }),
    },
    {
      name: "reads a biweekly and a daily show",
      run: () =>
        withStack(async ({ post }) => {
          const biweekly = await (await post(fixtureUrl("/biweekly.xml"))).json();
          assert.equal(biweekly.last12.mean, 2.2);
          assert.equal(biweekly.last12.busiest.episodes, 3);
          assert.equal(biweekly.monthsWithFiveOrMore, 0);
          const daily = await (await post(fixtureUrl("/daily.xml"))).json();
          assert.equal(daily.last12.mean, 30.4);
          assert.equal(daily.last6.mean, 30.7);
          assert.equal(daily.last12.busiest.episodes, 31);
          assert.equal(daily.monthsWithFiveOrMore, 12);
        }),
    },
    {
      name: "reads a show that stopped: no episodes in 12 months, and when the last one was",
      run: () =>
        withStack(async ({ post }) => {
          const body = await (await post(fixtureUrl("/stopped.xml"))).json();
          assert.equal(body.last12.mean, 0);
          assert.equal(body.last12.busiest.episodes, 0);
          assert.equal(body.lastEpisodeAt, "2024-06-04T09:00:00.000Z");
        }),
    },
    {
      name: "decodes gzip and brotli feeds",
      run: () =>
        withStack(async ({ post }) => {
          for (const path of ["/weekly.xml.gz", "/weekly.xml.br"]) {
            const response = await post(fixtureUrl(path));
            assert.equal(response.status, 200, path);
            assert.equal((await response.json()).last12.mean, 4.3);
          }
        }),
    },
    {
      name: "answers 10,000 episodes within the budget",
      run: () =>
        withStack(
          async ({ post }) => {
            // The cost of the look-up against the budget: on a loaded machine the same work
            // took 5 to 6 s on the clock and 0.7 to 1 s of CPU.
            const [response, ms] = await cpuTimed(post(fixtureUrl("/ten-thousand.xml")));
            assert.equal(response.status, 200);
            assert.equal((await response.json()).episodes, 10_000);
            assert.ok(ms < FETCH_DEADLINE_MS, `took ${Math.round(ms)} ms of CPU`);
          },
          // The clock may run to what the browser waits, so a busy machine cannot cut the
          // reading short; the slow drip and the slow-to-parse feed check the deadline itself.
          { limits: { deadlineMs: feedTimeoutMs } },
        ),
    },
    {
      name: "reads a feed with whitespace before its XML declaration",
      run: () =>
        withStack(async ({ post }) => {
          const response = await post(fixtureUrl("/whitespace.xml"));
          assert.equal(response.status, 200);
          assert.equal((await response.json()).episodes, 60);
        }),
    },
    {
      name: "reads ISO-8859-1 declared only in the prolog, and UTF-16, with their titles intact",
      run: () =>
        withStack(async ({ post }) => {
          const latin1 = await (await post(fixtureUrl("/latin1.xml"))).json();
          assert.equal(latin1.title, "Caf\u00e9 Fran\u00e7ais");
          assert.equal(latin1.episodes, 20);
          const utf16 = await (await post(fixtureUrl("/utf16.xml"))).json();
          assert.equal(utf16.title, "\u65e5\u672c\u306e\u756a\u7d44");
          assert.equal(utf16.episodes, 20);
        }),
    },
    {
      name: "reads dates in BST and CEST like dates in GMT",
      run: () =>
        withStack(async ({ post }) => {
          const body = await (await post(fixtureUrl("/zones.xml"))).json();
          assert.equal(body.datedEpisodes, 60);
          assert.deepEqual(
            body.months.map((month: { episodes: number }) => month.episodes),
            [4, 5, 4, 4, 5, 4, 4, 5, 4, 4, 5, 4],
          );
          assert.equal(body.lastEpisodeAt, "2026-11-10T09:00:00.000Z");
        }),
    },
    {
      name: "counts an episode listed twice once",
      run: () =>
        withStack(async ({ post }) => {
          const body = await (await post(fixtureUrl("/duplicates.xml"))).json();
          assert.equal(body.episodes, 156);
          assert.equal(body.duplicateItems, 156);
          assert.equal(body.episodesPerMonth, 4.3);
          assert.equal(body.last12.busiest.episodes, 5);
        }),
    },
    {
      name: "a future-dated item is neither the latest episode nor counted",
      run: () =>
        withStack(async ({ post }) => {
          const body = await (await post(fixtureUrl("/future.xml"))).json();
          assert.equal(body.lastEpisodeAt, "2026-11-10T09:00:00.000Z");
          assert.equal(body.futureEpisodes, 1);
          assert.equal(body.episodesPerMonth, 4.3);
        }),
    },
    {
      name: "a young show and a paged feed are paced since their first episode, and say so",
      run: () =>
        withStack(async ({ post }) => {
          const young = await (await post(fixtureUrl("/young.xml"))).json();
          assert.deepEqual(young.basis, {
            kind: "since",
            firstEpisodeAt: "2026-09-08T09:00:00.000Z",
            months: 2.2,
          });
          assert.equal(young.episodesPerMonth, 4.5);
          const paged = await (await post(fixtureUrl("/paged.xml"))).json();
          assert.equal(paged.paged, true);
          assert.deepEqual(paged.basis, {
            kind: "latest",
            episodes: 4,
            firstEpisodeAt: "2026-10-20T09:00:00.000Z",
            months: 1,
          });
          assert.equal(paged.episodesPerMonth, 4);
        }),
    },
    {
      name: "two episodes give no rate, and the answer says why",
      run: () =>
        withStack(async ({ post }) => {
          const body = await (await post(fixtureUrl("/two.xml"))).json();
          assert.equal(body.episodes, 2);
          assert.equal(body.episodesPerMonth, null);
          assert.deepEqual(body.basis, { kind: "none", reason: "too_few_episodes" });
        }),
    },
    {
      name: "half the dates unreadable: the answer says so, and paces the dated half",
      run: () =>
        withStack(async ({ post }) => {
          const body = await (await post(fixtureUrl("/half-dated.xml"))).json();
          assert.equal(body.episodes, 120);
          assert.equal(body.datedEpisodes, 60);
          assert.equal(body.datedShare, 0.5);
          assert.equal(body.fewDated, true);
        }),
    },
    {
      name: "a duration of 0:00 is no duration",
      run: () =>
        withStack(async ({ post }) => {
          const body = await (await post(fixtureUrl("/zero-duration.xml"))).json();
          assert.equal(body.medianDurationSeconds, null);
        }),
    },
    {
      name: "reads an Atom podcast feed",
      run: () =>
        withStack(async ({ post }) => {
          const response = await post(fixtureUrl("/atom.xml"));
          assert.equal(response.status, 200);
          const body = await response.json();
          assert.equal(body.title, "Atom Cast");
          assert.equal(body.episodes, 60);
          assert.equal(body.episodesPerMonth, 4.3);
          assert.equal(body.medianDurationSeconds, 3130);
        }),
    },
    {
      name: "a news feed of JPEG photos is not a podcast feed",
      run: () =>
        withStack(async ({ post }) =>
          expectRefusal(await post(fixtureUrl("/photos.xml")), 422, "not_a_feed"),
        ),
    },
    {
      name: "an element with 360,000 attributes is refused at once, its reason logged",
      run: () =>
        withStack(async ({ post, logs }) => {
          const [response, ms] = await timed(post(fixtureUrl("/attributes.xml")));
          await expectRefusal(response, 422, "not_a_feed");
          // fast-xml-parser needs 7 to 13 s for this document, past the whole budget: the shape check refuses it first.
          assert.ok(ms < FETCH_DEADLINE_MS, `took ${Math.round(ms)} ms`);
          assert.match(logs.join("\n"), /"reason":"oversized_attributesPerElement"/);
        }),
    },
    {
      name: "a feed without dates: no_episode_dates",
      run: () =>
        withStack(async ({ post }) =>
          expectRefusal(await post(fixtureUrl("/no-dates.xml")), 422, "no_episode_dates"),
        ),
    },
    {
      name: "malformed XML, a blog feed, a web page and an MP3 are not podcast feeds",
      run: () =>
        withStack(async ({ post }) => {
          for (const path of ["/malformed.xml", "/blog.xml", "/show.html", "/episode.mp3"]) {
            await expectRefusal(await post(fixtureUrl(path)), 422, "not_a_feed");
          }
        }),
    },
    {
      name: "an XXE attempt is refused and no file is read",
      run: () =>
        withStack(async ({ post }) => {
          const response = await post(fixtureUrl("/xxe.xml"));
          const text = await response.text();
          assert.equal(response.status, 422);
          assert.doesNotMatch(text, /root:/);
          assert.equal(JSON.parse(text).code, "not_a_feed");
        }),
    },
    {
      name: "DOCTYPE entities are never expanded (billion laughs)",
      run: () =>
        withStack(async ({ post }) => {
          const response = await post(fixtureUrl("/laughs.xml"));
          assert.equal(response.status, 200);
          const body = await response.json();
          assert.equal(body.title, "Laughs &lol; &lol2;");
        }),
    },
    {
      name: "a 50 MB body is cut at the cap while it streams",
      run: () =>
        withStack(async ({ post }) => {
          for (const path of ["/huge.xml", "/huge-declared.xml"]) {
            const [response, ms] = await timed(post(fixtureUrl(path)));
            await expectRefusal(response, 422, "feed_too_large");
            assert.ok(ms < FETCH_DEADLINE_MS, `${path} took ${Math.round(ms)} ms`);
          }
        }),
    },
    {
      name: "a gzip or brotli bomb is cut at the same cap, counted decoded",
      run: () =>
        withStack(async ({ post }) => {
          for (const path of ["/bomb.xml.gz", "/bomb.xml.br"]) {
            await expectRefusal(await post(fixtureUrl(path)), 422, "feed_too_large");
          }
          assert.ok(MAX_FEED_BYTES <= 5 * 1024 * 1024);
        }),
    },
    {
      name: "a slow drip and a host that never answers are too slow, within the deadline",
      run: () =>
        withStack(
          async ({ post }) => {
            for (const path of ["/slow.xml", "/stall.xml"]) {
              const [response, ms] = await timed(post(fixtureUrl(path)));
              await expectRefusal(response, 422, "feed_too_slow");
              assert.ok(ms >= 700 && ms < 3_000, `${path} took ${Math.round(ms)} ms`);
            }
          },
          { limits: { deadlineMs: 800 } },
        ),
    },
    {
      name: "a feed shaped to be slow to parse answers within the deadline; the event loop turns",
      run: () =>
        withStack(
          async ({ post }) => {
            // The fixture host builds the document on this thread too; not what is measured.
            manyAttributesFeed();
            let longestGap = 0;
            let last = performance.now();
            const ticker = setInterval(() => {
              const tick = performance.now();
              longestGap = Math.max(longestGap, tick - last);
              last = tick;
            }, 10);
            try {
              const [response, ms] = await timed(post(fixtureUrl("/many-attributes.xml")));
              assert.equal(response.status, 422);
              // Read in a worker, it is stopped at the deadline; a reader that counts the
              // attributes first may refuse it sooner. Either way the main thread stays free.
              assert.match((await response.json()).code, /^(feed_too_slow|not_a_feed)$/);
              assert.ok(ms < 3_000, `answered after ${Math.round(ms)} ms`);
              assert.ok(
                longestGap < 1_000,
                `the event loop stalled for ${Math.round(longestGap)} ms`,
              );
            } finally {
              clearInterval(ticker);
            }
          },
          { limits: { deadlineMs: 2_000 } },
        ),
    },
    {
      name: "a redirect to 127.0.0.1, to a metadata address or to a private name is refused",
      run: () =>
        withStack(async ({ post, connections }) => {
          for (const path of [
            "/redirect-loopback",
            "/redirect-metadata",
            "/redirect-private-name",
          ]) {
            await expectRefusal(await post(fixtureUrl(path)), 422, "feed_unreachable");
          }
          // Only the fixture host was ever connected to, once per redirect answer.
          assert.deepEqual(connections, ["1.2.3.4", "1.2.3.4", "1.2.3.4"]);
        }),
    },
    {
      name: "a private name and a name that does not resolve answer alike; the log tells them apart",
      run: () =>
        withStack(async ({ post, logs }) => {
          const refused = await post("http://private.fixture.test/feed.xml");
          const unresolved = await post("http://nowhere.fixture.test/feed.xml");
          assert.equal(refused.status, unresolved.status);
          assert.deepEqual([...refused.headers], [...unresolved.headers]);
          assert.equal(await refused.text(), await unresolved.text());
          const reasons = logs.map(
            (line) => JSON.parse(line) as { host?: string; reason?: string },
          );
          assert.ok(
            reasons.some(
              (r) => r.host === "private.fixture.test" && r.reason === "address_not_allowed",
            ),
          );
          assert.ok(
            reasons.some((r) => r.host === "nowhere.fixture.test" && r.reason === "unreachable"),
          );
        }),
    },
    {
      name: "follows three redirects, refuses a chain of five",
      run: () =>
        withStack(async ({ post, fixtures }) => {
          assert.equal((await post(fixtureUrl("/chain/3"))).status, 200);
          await expectRefusal(await post(fixtureUrl("/chain/5")), 422, "too_many_redirects");
          assert.deepEqual(fixtures.requests.slice(-4), [
            "/chain/5",
            "/chain/4",
            "/chain/3",
            "/chain/2",
          ]);
        }),
    },
    {
      name: "an error status from the host is unreachable, and asked again, not from the cache",
      run: () =>
        withStack(async ({ post, fixtures }) => {
          await expectRefusal(await post(fixtureUrl("/gone.xml")), 422, "feed_unreachable");
          await expectRefusal(await post(fixtureUrl("/gone.xml")), 422, "feed_unreachable");
          assert.deepEqual(fixtures.requests, ["/gone.xml", "/gone.xml"]);
        }),
    },
    {
      name: "a host that breaks the client in an unforeseen way is unreachable, never a 5xx",
      run: () =>
        withStack(
          async ({ post, logs }) => {
            await expectRefusal(await post(fixtureUrl("/weekly.xml")), 422, "feed_unreachable");
            assert.match(logs.join("\n"), /"event":"feed_lookup_failed"/);
          },
          {
            request: async () => ({
              response: {
                status: 200,
                headers: {
                  get: () => {
                    throw new TypeError("a header the client could not read");
                  },
                },
                body: null,
              },
              close: async () => {},
            }),
          },
        ),
    },
    {
      name: "the same feed asked twice is fetched once",
      run: () =>
        withStack(async ({ post, fixtures }) => {
          const [first, second] = await Promise.all([
            post(fixtureUrl("/weekly.xml")),
            post(fixtureUrl("/weekly.xml")),
          ]);
          const third = await post(fixtureUrl("/weekly.xml#latest"));
          for (const response of [first, second, third]) assert.equal(response.status, 200);
          assert.deepEqual(fixtures.requests, ["/weekly.xml"]);
        }),
    },
    {
      name: "limits look-ups per client with 429 and Retry-After",
      run: () =>
        withStack(
          async ({ post }) => {
            assert.equal((await post(fixtureUrl("/weekly.xml"))).status, 200);
            assert.equal((await post(fixtureUrl("/biweekly.xml"))).status, 200);
            const refused = await post(fixtureUrl("/daily.xml"));
            assert.equal(refused.headers.get("retry-after"), "60");
            await expectRefusal(refused, 429, "rate_limited");
          },
          { env: { FEED_RATE_LIMIT: "2" } },
        ),
    },
    {
      name: "the per-client limit holds across two handlers (two isolates) on one database",
      run: () =>
        withStack(
          async ({ post, fixtures }) => {
            const other = createFeedCadenceHandlerFromEnv(
              { SITE_URL: SITE, FEED_RATE_LIMIT: "2" },
              {
                db: await sharedTestDb(),
                network: fixtureNetwork(fixtures),
                now: () => FIXED_NOW,
                read,
                log: () => {},
              },
            );
            const postOther = (url: string) =>
              other(
                new Request(ENDPOINT, {
                  method: "POST",
                  headers: { "content-type": "application/json", origin: SITE },
                  body: JSON.stringify({ url }),
                }),
                { clientIp: "203.0.113.7" },
              );
            assert.equal((await post(fixtureUrl("/weekly.xml"))).status, 200);
            // The other isolate serves the cached answer without fetching, and counts the hit.
            assert.equal((await postOther(fixtureUrl("/weekly.xml"))).status, 200);
            assert.deepEqual(fixtures.requests, ["/weekly.xml"]);
            await expectRefusal(await post(fixtureUrl("/daily.xml")), 429, "rate_limited");
            await expectRefusal(await postOther(fixtureUrl("/daily.xml")), 429, "rate_limited");
          },
          { env: { FEED_RATE_LIMIT: "2" } },
        ),
    },
    {
      name: "with the database down, a look-up answers 503 with Retry-After and fetches nothing",
      run: () =>
        withStack(
          async ({ post, fixtures, connections, logs }) => {
            const response = await post(fixtureUrl("/weekly.xml"));
            assert.equal(response.headers.get("retry-after"), "30");
            await expectRefusal(response, 503, "database_unavailable");
            assert.deepEqual(connections, []);
            assert.deepEqual(fixtures.requests, []);
            assert.match(logs.join("\n"), /"event":"feed_database_unavailable"/);
          },
          {
            env: { FEED_RATE_LIMIT: "10" },
            db: {
              query: () =>
                Promise.reject(
                  Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }),
                ),
            },
          },
        ),
    },
    ...refusals.map(([what, url, status, code]): ContractCase => ({
      name: `refuses ${what} (${code}) without connecting`,
      run: () =>
        withStack(async ({ post, connections, fixtures }) => {
          await expectRefusal(await post(url), status, code);
          assert.deepEqual(connections, []);
          assert.deepEqual(fixtures.requests, []);
        }),
    })),
    {
      name: "refuses other methods and non-JSON bodies in the usual error shape",
      run: () =>
        withStack(async ({ handler }) => {
          const get = await handler(new Request(ENDPOINT, { headers: { origin: SITE } }));
          await expectRefusal(get, 405, "method_not_allowed");
          const form = await handler(
            new Request(ENDPOINT, {
              method: "POST",
              headers: { origin: SITE, "content-type": "application/x-www-form-urlencoded" },
              body: "url=https://podcasts.fixture.test/weekly.xml",
            }),
          );
          await expectRefusal(form, 415, "unsupported_media_type");
          const extra = await handler(
            new Request(ENDPOINT, {
              method: "POST",
              headers: { origin: SITE, "content-type": "application/json" },
              body: JSON.stringify({ url: fixtureUrl("/weekly.xml"), then: "more" }),
            }),
          );
          await expectRefusal(extra, 400, "invalid_body");
        }),
    },
    {
      name: "a body whose keys are prototype names is refused like any other body",
      run: () =>
        withStack(async ({ handler, connections }) => {
          const url = JSON.stringify(fixtureUrl("/weekly.xml"));
          for (const body of [
            `{"__proto__":{"url":${url}}}`,
            `{"url":${url},"__proto__":{"url":${url}}}`,
            ...["constructor", "toString", "hasOwnProperty"].map((key) => `{"${key}":${url}}`),
          ]) {
            const response = await handler(
              new Request(ENDPOINT, {
                method: "POST",
                headers: { origin: SITE, "content-type": "application/json" },
                body,
              }),
            );
            await expectRefusal(response, 400, "invalid_body");
          }
          assert.deepEqual(connections, []);
        }),
    },
    {
      name: "a full reading pool answers 503 with Retry-After, and the next look-up reads the feed",
      run: () => {
        const answers: Array<"busy" | "read"> = ["busy", "read"];
        const read: ReadInWorker = (bytes, options, timeoutMs) =>
          answers.shift() === "busy"
            ? Promise.resolve({ ok: false, reason: "busy" })
            : readInProcess(bytes, options, timeoutMs);
        return withStack(
          async ({ post }) => {
            const busy = await post(fixtureUrl("/weekly.xml"));
            assert.equal(busy.headers.get("retry-after"), "5");
            await expectRefusal(busy, 503, "feed_reader_busy");
            assert.equal((await post(fixtureUrl("/weekly.xml"))).status, 200);
          },
          { read },
        );
      },
    },
    {
      name: "after a crashed reading, the next look-up reads the feed again",
      run: () => {
        const answers: Array<"crashed" | "read"> = ["crashed", "read"];
        const read: ReadInWorker = (bytes, options, timeoutMs) =>
          answers.shift() === "crashed"
            ? Promise.resolve({ ok: false, reason: "crashed", detail: "spawn: test" })
            : readInProcess(bytes, options, timeoutMs);
        return withStack(
          async ({ post, logs }) => {
            await expectRefusal(await post(fixtureUrl("/weekly.xml")), 422, "not_a_feed");
            assert.match(logs.join("\n"), /"reason":"crashed"/);
            assert.equal((await post(fixtureUrl("/weekly.xml"))).status, 200);
          },
          { read },
        );
      },
    },
  ];
}
