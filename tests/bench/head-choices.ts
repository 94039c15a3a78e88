import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdirSync, writeFileSync } from "node:fs";
import { chromium, type Browser } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import { chromiumLaunchOptions, chromiumPath } from "../e2e/chromium.ts";
import {
  phoneContextOptions,
  recordHydrationTime,
  throttleLikeAPhone,
} from "../e2e/throttled-phone.ts";
import { serveBuild, type Served } from "../tools/serve-build.ts";
import { baseSecurityHeaders } from "../../server/security-headers.ts";
import { loadLighthouse } from "./lighthouse-apart.ts";
import { median } from "./median.ts";
import { loadOnce, measureLoadedPage, type ThrottledSample } from "./throttled.ts";

// `tsx tests/bench/head-choices.ts`: weighs how a page's head is built (ADR 015) and what the security
// headers cost (ADR 016), side by side in one run on the throttled phone (tests/bench/throttled.ts).
// BENCH_BUILDS="name=dir,…" names built checkouts (each dir holds build/ and server/, as
// `npm run build` leaves them); every round loads each one cold at BENCH_LANDINGS (default
// "/,/pricing") and walks BENCH_VISIT (default "/,/pricing,/blog/content-repurposing") in one
// browser context, so the HTTP cache is warm from the second page on, as in a real visit.
// BENCH_HEADERS_BUILD=name also serves that build through a loopback proxy three ways: as is,
// without Cross-Origin-Opener-Policy, and without any security header; those three are
// measured the same way (landing on "/" and the visit) and with Lighthouse (simulated mobile,
// landing on "/", BENCH_LIGHTHOUSE_RUNS each, default 5). BENCH_ROUNDS (default 5) rounds,
// every variant once per round. A benchmark: it reports, and fails only if it could not run.
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const lighthouseRuns = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
const landings = (process.env.BENCH_LANDINGS ?? "/,/pricing").split(",");
const visit = (process.env.BENCH_VISIT ?? "/,/pricing,/blog/content-repurposing").split(",");
const buildDirs = Object.fromEntries(
  (process.env.BENCH_BUILDS ?? `site=${process.cwd()}`).split(",").map((pair) => {
    const [name, dir] = pair.split("=");
    if (!name || !dir) throw new Error(`BENCH_BUILDS: "${pair}" is not name=dir`);
    return [name, dir];
  }),
);
const headersBuild = process.env.BENCH_HEADERS_BUILD;
if (headersBuild && !(headersBuild in buildDirs))
  throw new Error(`BENCH_HEADERS_BUILD: no build named ${headersBuild}`);

/** Header variants: the response headers the proxy removes. */
const headerVariants: Record<string, string[]> = {
  "headers as served": [],
  "without COOP": ["cross-origin-opener-policy"],
  "no security headers": [
    ...Object.keys(baseSecurityHeaders).map((name) => name.toLowerCase()),
    "content-security-policy",
  ],
};

/** Forwards every request to `target`, dropping the named response headers. */
async function startProxy(
  target: string,
  drop: string[],
): Promise<{ origin: string; server: Server }> {
  const { hostname, port } = new URL(target);
  const server = createServer((req, res) => {
    const upstream = httpRequest(
      { hostname, port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        const headers = { ...answer.headers };
        for (const name of drop) delete headers[name];
        res.writeHead(answer.statusCode ?? 502, headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

type Sample = ThrottledSample;
const samples = new Map<string, Sample[]>();
const record = (key: string, sample: Sample) =>
  samples.set(key, [...(samples.get(key) ?? []), sample]);

/** One visit in one context: a cold first page, then same-site navigations the page starts. */
async function visitOnce(browser: Browser, origin: string): Promise<Sample[]> {
  const context = await browser.newContext(phoneContextOptions);
  try {
    const page = await context.newPage();
    await throttleLikeAPhone(page);
    await recordHydrationTime(page);
    const pages: Sample[] = [];
    for (const [index, route] of visit.entries()) {
      const url = `${origin}${route}`;
      if (index === 0) await page.goto(url, { waitUntil: "load" });
      else
        await Promise.all([
          page.waitForURL(url, { waitUntil: "load" }),
          // A navigation the page starts, as a tapped link does (same-site, renderer-initiated).
          page.evaluate((next) => location.assign(next), url),
        ]);
      pages.push(await measureLoadedPage(page));
    }
    return pages;
  } finally {
    await context.close();
  }
}

const served: Served[] = [];
const proxies: Server[] = [];
const origins: Record<string, string> = {};
const headerOrigins: Record<string, string> = {};
const lighthouseTbt = new Map<string, { tbt: number; perf: number; lcp: number }[]>();
try {
  for (const [name, dir] of Object.entries(buildDirs)) {
    const server = await serveBuild({ cwd: dir });
    served.push(server);
    origins[name] = server.origin;
    if (name === headersBuild) {
      for (const [variant, drop] of Object.entries(headerVariants)) {
        const proxy = await startProxy(server.origin, drop);
        proxies.push(proxy.server);
        headerOrigins[variant] = proxy.origin;
      }
    }
  }
  const browser = await chromium.launch(chromiumLaunchOptions(chromiumPath));
  try {
    for (let round = 0; round < rounds; round++) {
      console.error(`round ${round + 1} of ${rounds}, ${new Date().toISOString()}`);
      for (const [name, origin] of Object.entries(origins)) {
        for (const route of landings)
          record(`${name}|land ${route}`, await loadOnce(browser, origin, route));
        for (const [i, sample] of (await visitOnce(browser, origin)).entries())
          record(`${name}|visit ${i + 1} ${visit[i]}`, sample);
      }
      for (const [variant, origin] of Object.entries(headerOrigins)) {
        record(`${variant}|land /`, await loadOnce(browser, origin, "/"));
        for (const [i, sample] of (await visitOnce(browser, origin)).entries())
          record(`${variant}|visit ${i + 1} ${visit[i]}`, sample);
      }
    }
  } finally {
    await browser.close();
  }
  if (Object.keys(headerOrigins).length > 0 && lighthouseRuns > 0) await runLighthouse();
} finally {
  for (const proxy of proxies) proxy.close();
  for (const server of served) await server.stop();
}

async function runLighthouse() {
  const launch = chromiumLaunchOptions(chromiumPath);
  const chrome = await chromeLauncher.launch({
    chromePath: launch.executablePath,
    chromeFlags: ["--headless=new", ...(launch.args ?? [])],
  });
  try {
    const { lighthouse } = await loadLighthouse();
    for (let run = 0; run < lighthouseRuns; run++) {
      for (const [variant, origin] of Object.entries(headerOrigins)) {
        const result = await lighthouse(`${origin}/`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
        });
        const lhr = result!.lhr;
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
        lighthouseTbt.set(variant, [
          ...(lighthouseTbt.get(variant) ?? []),
          {
            tbt: audit("total-blocking-time"),
            lcp: audit("largest-contentful-paint"),
            perf: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          },
        ]);
      }
    }
  } finally {
    chrome.kill();
  }
}

const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)}` : "n/a");
const range = (values: number[]) => `${ms(Math.min(...values))}–${ms(Math.max(...values))}`;
const lines = [...samples].map(([key, runs]) => {
  const [variant, what] = key.split("|") as [string, string];
  const pick = (metric: keyof Sample) => median(runs.map((r) => r[metric]));
  return `| ${variant} | ${what} | ${ms(pick("fcp"))} | ${ms(pick("lcp"))} | ${ms(pick("interactive"))} (${range(runs.map((r) => r.interactive))}) |`;
});
/** A whole visit per variant: the sum, per round, of each page's LCP and interactive time. */
const totals = [...new Set([...samples.keys()].map((key) => key.split("|")[0]!))].map((variant) => {
  const pagesOf = visit.map((route, i) => samples.get(`${variant}|visit ${i + 1} ${route}`)!);
  const perRound = (metric: keyof Sample) =>
    pagesOf[0]!.map((_, round) => pagesOf.reduce((sum, page) => sum + page[round]![metric], 0));
  return `| ${variant} | ${ms(median(perRound("lcp")))} (${range(perRound("lcp"))}) | ${ms(median(perRound("interactive")))} (${range(perRound("interactive"))}) |`;
});
const lighthouseLines = [...lighthouseTbt].map(
  ([variant, runs]) =>
    `| ${variant} | ${median(runs.map((r) => r.perf))} | ${ms(median(runs.map((r) => r.lcp)))} | ${ms(median(runs.map((r) => r.tbt)))} (${range(runs.map((r) => r.tbt))}) |`,
);
const report =
  `Throttled phone (4× CPU, 150 ms, 1.6 Mbit/s), medians of ${rounds} interleaved rounds, ms after each navigation's start, ${new Date().toISOString()}\n\n` +
  `| Variant | Load | FCP | LCP | Interactive (lowest–highest) |\n| --- | --- | --: | --: | --: |\n${lines.join("\n")}\n\n` +
  `Whole visit (${visit.join(" → ")}), per round the sum over its pages, median (lowest–highest)\n\n` +
  `| Variant | Sum of LCP | Sum of interactive |\n| --- | --: | --: |\n${totals.join("\n")}\n` +
  (lighthouseLines.length > 0
    ? `\nLighthouse 13 mobile (simulated), landing on /, medians of ${lighthouseRuns} runs\n\n| Variant | Perf | LCP | TBT (lowest–highest) |\n| --- | --: | --: | --: |\n${lighthouseLines.join("\n")}\n`
    : "");
mkdirSync("tests/bench/results", { recursive: true });
writeFileSync("tests/bench/results/head-choices.md", report);
console.log(report);
