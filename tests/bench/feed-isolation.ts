import autocannon from "autocannon";
import { spawn, type ChildProcess } from "node:child_process";
import { createSocket } from "node:dgram";
import { existsSync } from "node:fs";
import { freePort } from "../tools/free-port.ts";
import { startFakeStripe } from "../fakes/fake-stripe.ts";
import { startFeedFixtures } from "../fakes/feed-fixtures.ts";
import { manyAttributesFeed } from "../fakes/hostile-feed.ts";
import { median } from "./median.ts";
import { FUNCTION_NAMES, functionPath } from "../../supabase/functions/_shared/contract.ts";

// `npm run bench:feed`: does a hostile feed look-up slow anyone else down? (ADR 013)
// The production app runs in its own process (tests/bench/feed-isolation-server.ts) on an existing
// build (`npm run build` first). Home page and checkout are loaded at a fixed rate while, in
// turn: nothing else happens (baseline); one visitor looks up a feed shaped to be slow to parse
// at the default rate limit (10 a minute: one every 6 s); one visitor looks up names whose
// nameserver never answers, four at once and then one every 6 s. A fourth condition reads on
// the main thread instead of in a worker, for contrast. Conditions are interleaved, ROUNDS times;
// the table gives each p99's median. Not a test: the machine is shared and the figures noisy.

const rounds = Number(process.env.ROUNDS ?? 3);
const seconds = Number(process.env.LOAD_SECONDS ?? 8);
const HOME_RATE = 200;
const CHECKOUT_RATE = 50;
const LOOKUP_EVERY_MS = 6_000;

if (!existsSync("build/client/index.html")) {
  console.error("No build found in build/client: run `npm run build` first.");
  process.exit(1);
}

const fixtures = await startFeedFixtures();
manyAttributesFeed();
const stripe = await startFakeStripe();
const silentDns = createSocket("udp4");
silentDns.on("message", () => {});
await new Promise<void>((resolve) => silentDns.bind(0, "127.0.0.1", resolve));

type Server = { origin: string; child: ChildProcess; logs: string[] };

async function startServer(read: "worker" | "in-process"): Promise<Server> {
  const port = await freePort();
  const logs: string[] = [];
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "tests/bench/feed-isolation-server.ts"],
    {
      env: {
        ...process.env,
        PORT: String(port),
        BENCH_FIXTURE_PORT: String(fixtures.port),
        BENCH_SILENT_DNS: `127.0.0.1:${silentDns.address().port}`,
        // A name, so each new connection to it asks getaddrinfo, in libuv's pool.
        BENCH_STRIPE_URL: stripe.url.replace("127.0.0.1", "localhost"),
        BENCH_READ: read,
      },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => logs.push(...chunk.split("\n")));
  const origin = `http://127.0.0.1:${port}`;
  // Generous: on the shared machine a start has taken over 30 s.
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${origin}/`)).ok) return { origin, child, logs };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGTERM");
      throw new Error("bench server did not start within 120 s");
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const stop = (server: Server) =>
  new Promise<void>((resolve) => {
    server.child.once("exit", () => resolve());
    server.child.kill("SIGTERM");
  });

/** "hostile check-up": the same hostile feed, asked for the check-up (ADR 023). */
type Background = "none" | "hostile feed" | "hostile check-up" | "silent DNS";
type Outcome = { status: number; code: string; ms: number };

/** One visitor's look-ups, at the default rate limit, until `stop()`. */
function visitor(origin: string, kind: Background, ip: string) {
  const outcomes: Promise<Outcome>[] = [];
  let n = 0;
  const lookUp = () => {
    n += 1;
    const url =
      kind === "hostile feed" || kind === "hostile check-up"
        ? `http://podcasts.fixture.test/many-attributes.xml?v=${ip}-${n}`
        : `http://feed${n}.${ip.replaceAll(".", "-")}.silent.test/rss`;
    const started = performance.now();
    outcomes.push(
      fetch(`${origin}${functionPath(FUNCTION_NAMES.feedCadence)}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": ip },
        body: JSON.stringify(kind === "hostile check-up" ? { url, action: "check" } : { url }),
      }).then(async (response) => ({
        status: response.status,
        code: ((await response.json()) as { code?: string }).code ?? "ok",
        ms: performance.now() - started,
      })),
    );
  };
  if (kind === "none") return { stop: async () => [] as Outcome[] };
  // Four silent look-ups at once, as first reported, then the limit's pace.
  for (let i = 0; i < (kind === "silent DNS" ? 4 : 1); i++) lookUp();
  const timer = setInterval(lookUp, LOOKUP_EVERY_MS);
  return {
    stop: async () => {
      clearInterval(timer);
      return Promise.all(outcomes);
    },
  };
}

async function load(origin: string, target: "home" | "checkout") {
  const result = await autocannon({
    url: target === "home" ? `${origin}/` : `${origin}${functionPath(FUNCTION_NAMES.checkout)}`,
    connections: 10,
    overallRate: target === "home" ? HOME_RATE : CHECKOUT_RATE,
    duration: seconds,
    method: target === "home" ? "GET" : "POST",
    body: target === "home" ? undefined : JSON.stringify({ priceId: "price_pro", isGuest: true }),
    headers: { "accept-encoding": "br, gzip", "content-type": "application/json" },
  });
  // Requests still unanswered when the window closes count in no latency: report how many
  // were answered, out of what the fixed rate sent.
  return {
    p99: result.latency.p99,
    answered: result.requests.total / ((target === "home" ? HOME_RATE : CHECKOUT_RATE) * seconds),
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

type Condition = { name: string; server: "worker" | "in-process"; background: Background };
const conditions: Condition[] = [
  { name: "baseline", server: "worker", background: "none" },
  { name: "hostile feed, read in a worker", server: "worker", background: "hostile feed" },
  {
    name: "hostile feed, checked up in a worker",
    server: "worker",
    background: "hostile check-up",
  },
  { name: "silent DNS, c-ares resolver", server: "worker", background: "silent DNS" },
  {
    name: "hostile feed, read on the main thread",
    server: "in-process",
    background: "hostile feed",
  },
];
type Sample = {
  home: number;
  checkout: number;
  answered: number;
  errors: number;
  lookups: Outcome[];
};
const samples = new Map<string, Sample[]>(conditions.map((c) => [c.name, []]));

const servers = {
  worker: await startServer("worker"),
  "in-process": await startServer("in-process"),
};
try {
  let visitorNo = 0;
  for (let round = 1; round <= rounds; round++) {
    for (const condition of conditions) {
      const server = servers[condition.server];
      visitorNo += 1;
      const background = visitor(server.origin, condition.background, `198.51.100.${visitorNo}`);
      const home = await load(server.origin, "home");
      const checkout = await load(server.origin, "checkout");
      const lookups = await background.stop();
      samples.get(condition.name)!.push({
        home: home.p99,
        checkout: checkout.p99,
        answered: Math.min(home.answered, checkout.answered),
        errors: home.errors + checkout.errors,
        lookups,
      });
      console.error(
        `round ${round}, ${condition.name}: home p99 ${home.p99} ms, checkout p99 ${checkout.p99} ms`,
      );
    }
  }
} finally {
  await Promise.all(Object.values(servers).map(stop));
  await stripe.close();
  await fixtures.close();
  silentDns.close();
}

const base = samples.get("baseline")!;
const baseHome = median(base.map((s) => s.home));
const baseCheckout = median(base.map((s) => s.checkout));
console.log(
  `\nHome page at ${HOME_RATE} req/s and checkout at ${CHECKOUT_RATE} req/s, ${seconds} s each, 10 connections; ${rounds} interleaved rounds, medians of the p99s\n`,
);
console.log(
  "| Condition | home p99 | × baseline | checkout p99 | × baseline | answered (worst) | errors | look-ups answered |",
);
console.log("| --- | --: | --: | --: | --: | --: | --: | --- |");
for (const { name } of conditions) {
  const list = samples.get(name)!;
  const home = median(list.map((s) => s.home));
  const checkout = median(list.map((s) => s.checkout));
  const lookups = list.flatMap((s) => s.lookups);
  const codes = new Map<string, number[]>();
  for (const l of lookups) codes.set(l.code, [...(codes.get(l.code) ?? []), l.ms]);
  const answered = [...codes]
    .map(([code, ms]) => `${ms.length} ${code} (median ${(median(ms) / 1000).toFixed(1)} s)`)
    .join(", ");
  console.log(
    `| ${name} | ${home} ms | ${(home / baseHome).toFixed(1)} | ${checkout} ms | ${(checkout / baseCheckout).toFixed(1)} | ${Math.round(100 * Math.min(...list.map((s) => s.answered)))}% | ${list.reduce((sum, s) => sum + s.errors, 0)} | ${answered || "none"} |`,
  );
}
