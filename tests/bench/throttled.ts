import { chromium, type Page } from "@playwright/test";
import { chromiumLaunchOptions, chromiumPath } from "../e2e/chromium.ts";
import {
  phoneContextOptions,
  recordHydrationTime,
  throttleLikeAPhone,
} from "../e2e/throttled-phone.ts";
import { floorBuild, floorLabel } from "./floor.ts";
import { median } from "./median.ts";

/**
 * One cold load on the throttled phone, in ms after navigation start. `interactive` is when the
 * page's controls work: hydration, or the first paint on a page that ships no script (ADR 009).
 */
export type ThrottledSample = { fcp: number; lcp: number; interactive: number };

export type ThrottledRow = {
  route: string;
  /** Which build, when several are compared in one run (tests/bench/lighthouse.ts measures one). */
  build: string;
  median: ThrottledSample & { window: number };
  runs: ThrottledSample[];
};

/**
 * Loads every route cold on the throttled phone (tests/e2e/throttled-phone.ts) `runs` times and
 * reports medians of first contentful paint, LCP, time to interactive and the window between
 * first paint and interactive, when the page shows but its buttons do nothing. Rounds are interleaved (every
 * route and build once, then again) so that a noisy machine spreads over all of them alike.
 */
export async function measureThrottled(options: {
  builds: Record<string, string>;
  routes: readonly string[];
  runs: number;
  /** Also loaded once a round, as build `floorBuild` at "/" (tests/bench/floor.ts). */
  floorOrigin?: string;
}): Promise<ThrottledRow[]> {
  const loads = options.routes.flatMap((route) =>
    Object.entries(options.builds).map(([build, origin]) => ({ build, origin, route })),
  );
  if (options.floorOrigin)
    loads.push({ build: floorBuild, origin: options.floorOrigin, route: "/" });
  const browser = await chromium.launch(chromiumLaunchOptions(chromiumPath));
  const samples = new Map<string, ThrottledSample[]>();
  try {
    for (let run = 0; run < options.runs; run++) {
      for (const { build, origin, route } of loads) {
        const key = `${build} ${route}`;
        samples.set(key, [...(samples.get(key) ?? []), await loadOnce(browser, origin, route)]);
      }
    }
  } finally {
    await browser.close();
  }
  return [...samples].map(([key, runs]) => {
    const [build, route] = key.split(" ") as [string, string];
    const pick = (metric: keyof ThrottledSample) => median(runs.map((r) => r[metric]));
    const window = median(runs.map((r) => r.interactive - r.fcp));
    return {
      route,
      build,
      median: { fcp: pick("fcp"), lcp: pick("lcp"), interactive: pick("interactive"), window },
      runs,
    };
  });
}

/** One cold landing on `route` with the phone's throttling: a new context, an empty cache. */
export async function loadOnce(
  browser: Awaited<ReturnType<typeof chromium.launch>>,
  origin: string,
  route: string,
): Promise<ThrottledSample> {
  const context = await browser.newContext(phoneContextOptions);
  try {
    const page = await context.newPage();
    await throttleLikeAPhone(page);
    await recordHydrationTime(page);
    await page.goto(`${origin}${route}`, { waitUntil: "load" });
    return await measureLoadedPage(page);
  } finally {
    await context.close();
  }
}

/**
 * Paint and interactive times of the document `page` has just loaded (its `load` event has
 * fired), once it has hydrated if it ships a module script. Needs `recordHydrationTime(page)`.
 */
export async function measureLoadedPage(page: Page): Promise<ThrottledSample> {
  // React Router's module script, or the loader that imports it after the first paint (ADR 020).
  const scripted =
    (await page.locator('script[type="module"], script[data-module-bootstrap]').count()) > 0;
  if (scripted)
    await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 20_000 });
  // LCP candidates stop once the page has painted its content; a short settle catches the last.
  await page.waitForTimeout(300);
  return await page.evaluate(
    (scripted) =>
      new Promise<ThrottledSample>((resolve) => {
        const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN;
        const hydrated = (window as unknown as { __hydratedAt?: number }).__hydratedAt ?? NaN;
        const interactive = scripted ? hydrated : fcp;
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve({ fcp, interactive, lcp: entries[entries.length - 1]?.startTime ?? NaN });
        }).observe({ type: "largest-contentful-paint", buffered: true });
      }),
    scripted,
  );
}

/** The throttled rows as a Markdown table, with each metric's median of the runs. */
export function throttledTable(rows: ThrottledRow[], withBuild = false): string {
  const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : "n/a");
  const header =
    `| Route |${withBuild ? " Build |" : ""} FCP | LCP | Interactive | Dead window (interactive − FCP) |\n` +
    `| --- |${withBuild ? " --- |" : ""} --: | --: | --: | --: |`;
  const lines = rows.map(
    (row) =>
      `| ${row.build === floorBuild && !withBuild ? floorLabel : row.route} |${withBuild ? ` ${row.build} |` : ""} ${ms(row.median.fcp)} | ${ms(row.median.lcp)} | ${ms(row.median.interactive)} | ${ms(row.median.window)} |`,
  );
  return `${header}\n${lines.join("\n")}\n`;
}
