import autocannon from "autocannon";
import { readFileSync } from "node:fs";
import { startFakeStripe } from "../fakes/fake-stripe.ts";
import { serveBuild } from "../tools/serve-build.ts";
import { loadEnvOrExit } from "../../server/env.ts";
import { FUNCTION_NAMES, functionPath } from "../../supabase/functions/_shared/contract.ts";

// `npm run bench:load`: autocannon on loopback against the production server (existing build;
// run `npm run build` first). Bounded: LOAD_SECONDS per target (default 10), 10 connections.
// Targets: pages ≥ 2,000 req/s with p99 ≤ 50 ms and no errors; the function ≥ 500 req/s
// (fake Stripe, rate limit off); a 56 KB asset answers cleanly with p99 ≤ 50 ms.
// Fails fast on a bad .env or environment, like every other entry.
loadEnvOrExit();
const seconds = Number(process.env.LOAD_SECONDS ?? 10);
const fake = await startFakeStripe();
const server = await serveBuild({
  env: {
    STRIPE_SECRET_KEY: "sk_test_fake_load_key",
    STRIPE_PRICE_STARTER: "price_fake_starter",
    STRIPE_PRICE_PRO: "price_fake_pro",
    STRIPE_PRICE_EXPERT: "price_fake_expert",
    STRIPE_API_BASE: fake.url,
    CHECKOUT_RATE_LIMIT: "0",
  },
});

const rssMb = () => {
  const status = readFileSync(`/proc/${server.child.pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};

const home = await (await fetch(`${server.origin}/`)).text();
const asset = /\/assets\/entry\.client-[^"]+\.js/.exec(home)?.[0] ?? "/favicon.svg";
const targets = [
  { name: "page /", path: "/", kind: "page" },
  { name: "article", path: "/blog/podcast-seo", kind: "page" },
  { name: "hashed asset (entry chunk, brotli)", path: asset, kind: "asset" },
  { name: "404 page", path: "/no-such-page", kind: "page", expect: 404 },
  {
    name: "create-checkout",
    path: functionPath(FUNCTION_NAMES.checkout),
    kind: "function",
    method: "POST" as const,
    body: JSON.stringify({ priceId: "price_pro", isGuest: true }),
    headers: { "content-type": "application/json" },
  },
];

type Row = {
  name: string;
  rps: number;
  mbps: number;
  p99: number;
  errors: number;
  non2xx: number;
  rssGrowthMb: number;
  met: boolean;
};
const rows: Row[] = [];
try {
  for (const target of targets) {
    fake.reset();
    const before = rssMb();
    const result = await autocannon({
      url: `${server.origin}${target.path}`,
      connections: 10,
      duration: seconds,
      method: target.method ?? "GET",
      body: target.body,
      headers: { "accept-encoding": "br, gzip", ...target.headers },
    });
    const expected = target.expect ?? 200;
    const unexpected = expected === 200 ? result.non2xx : result["2xx"];
    const rps = result.requests.average;
    const p99 = result.latency.p99;
    const clean = result.errors === 0 && result.timeouts === 0 && unexpected === 0;
    // Pages: ≥ 2,000 req/s, p99 ≤ 50 ms. The function: ≥ 500 req/s. A large asset is bound by
    // bytes, not requests: it must answer cleanly within the same latency.
    const met =
      target.kind === "page"
        ? clean && rps >= 2000 && p99 <= 50
        : target.kind === "asset"
          ? clean && p99 <= 50
          : clean && rps >= 500;
    rows.push({
      name: target.name,
      rps,
      mbps: result.throughput.average / 1024 / 1024,
      p99,
      errors: result.errors + result.timeouts,
      non2xx: unexpected,
      rssGrowthMb: rssMb() - before,
      met,
    });
  }
} finally {
  await server.stop();
  await fake.close();
}

console.log(`\nLoad on loopback, ${seconds} s per target, 10 connections (autocannon)\n`);
console.log(
  "| Target | req/s (mean) | MB/s (mean) | p99 latency | errors | unexpected status | RSS growth | target met |",
);
console.log("| --- | --: | --: | --: | --: | --: | --: | --- |");
for (const r of rows) {
  console.log(
    `| ${r.name} | ${Math.round(r.rps)} | ${r.mbps.toFixed(1)} | ${r.p99} ms | ${r.errors} | ${r.non2xx} | ${r.rssGrowthMb.toFixed(1)} MB | ${r.met ? "yes" : "NO"} |`,
  );
}
