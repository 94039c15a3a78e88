import { chromium, type Browser } from "@playwright/test";
import { performance } from "node:perf_hooks";
import { freePort } from "../tools/free-port.ts";
import { serveBuild, type Served } from "../tools/serve-build.ts";
import { chromiumLaunchOptions, chromiumPath } from "../e2e/chromium.ts";
import { phoneContextOptions, throttleLikeAPhone } from "../e2e/throttled-phone.ts";
import { startFakeStripe, type FakeStripe } from "../fakes/fake-stripe.ts";
import { median } from "./median.ts";

/**
 * "Tap to checkout": a cold load on the throttled phone, a tap on "Subscribe to Pro" as soon as
 * it is actionable, and the time until the browser asks for the Checkout page (a local stand-in
 * of Stripe: tests/fakes/fake-stripe.ts). Times are wall-clock ms from the start of the
 * navigation, taken by the driver, so they include its own small overhead alike for every build.
 */
export type TapSample = { tapAt: number; stripeAt: number };

export type TapRow = {
  route: string;
  javaScript: boolean;
  build: string;
  median: TapSample & { tapToStripe: number };
  runs: TapSample[];
};

/** How long a tap may take to reach Stripe before the run counts as "never" (Infinity). */
const giveUpMs = 20_000;

/** Serves each build with checkout configured against one fake Stripe. */
async function serveWithCheckout(
  dirs: Record<string, string>,
  fake: FakeStripe,
): Promise<Record<string, Served>> {
  const served: Record<string, Served> = {};
  try {
    for (const [build, cwd] of Object.entries(dirs)) {
      // The port first: the function builds the return URLs on SITE_URL, this very origin.
      const port = await freePort();
      served[build] = await serveBuild({
        cwd,
        port,
        env: {
          SITE_URL: `http://127.0.0.1:${port}`,
          STRIPE_SECRET_KEY: "sk_test_fake_bench_only",
          STRIPE_PRICE_STARTER: "price_bench_starter",
          STRIPE_PRICE_PRO: "price_bench_pro",
          STRIPE_PRICE_EXPERT: "price_bench_expert",
          STRIPE_API_BASE: fake.url,
          CHECKOUT_RATE_LIMIT: "0",
        },
      });
    }
  } catch (error) {
    await Promise.all(Object.values(served).map((s) => s.stop()));
    throw error;
  }
  return served;
}

async function tapOnce(
  browser: Browser,
  origin: string,
  route: string,
  javaScript: boolean,
  fake: FakeStripe,
): Promise<TapSample> {
  const context = await browser.newContext({
    ...phoneContextOptions,
    javaScriptEnabled: javaScript,
  });
  try {
    const page = await context.newPage();
    await throttleLikeAPhone(page);
    const checkoutPage = `${fake.url}/checkout/`;
    // Never reached stays Infinity, which sorts last and shows as "n/a".
    let stripeAt = Infinity;
    const asked = new Promise<void>((resolve) => {
      page.on("request", (request) => {
        if (request.url().startsWith(checkoutPage) && stripeAt === Infinity) {
          stripeAt = performance.now();
          resolve();
        }
      });
    });
    const start = performance.now();
    await page.goto(`${origin}${route}`, { waitUntil: "commit" });
    // The Pro card's control: a form's button here, a link to /pricing in an older build.
    const control = page
      .getByRole("article", { name: "Pro", exact: true })
      .locator("a, button")
      .filter({ hasText: "Subscribe to Pro" })
      .first();
    await control.waitFor({ state: "visible", timeout: giveUpMs });
    const tapAt = performance.now();
    await control.tap({ timeout: giveUpMs });
    await Promise.race([asked, new Promise((resolve) => setTimeout(resolve, giveUpMs))]);
    return { tapAt: tapAt - start, stripeAt: stripeAt - start };
  } finally {
    await context.close();
  }
}

/**
 * Measures every route × JavaScript on/off × build `runs` times, interleaved round by round so a
 * noisy machine spreads over all of them alike. `dirs` maps a build's name to its checkout
 * (each already built).
 */
export async function measureTapToCheckout(options: {
  dirs: Record<string, string>;
  routes: readonly string[];
  runs: number;
}): Promise<TapRow[]> {
  const fake = await startFakeStripe({ historyLimit: 50 });
  const browser = await chromium.launch(chromiumLaunchOptions(chromiumPath));
  let served: Record<string, Served> = {};
  const samples = new Map<string, TapSample[]>();
  try {
    served = await serveWithCheckout(options.dirs, fake);
    for (let run = 0; run < options.runs; run++) {
      for (const route of options.routes) {
        for (const javaScript of [true, false]) {
          for (const [build, server] of Object.entries(served)) {
            const key = JSON.stringify([route, javaScript, build]);
            const sample = await tapOnce(browser, server.origin, route, javaScript, fake);
            samples.set(key, [...(samples.get(key) ?? []), sample]);
          }
        }
      }
    }
  } finally {
    await browser.close();
    await Promise.all(Object.values(served).map((s) => s.stop()));
    await fake.close();
  }
  return [...samples].map(([key, runs]) => {
    const [route, javaScript, build] = JSON.parse(key) as [string, boolean, string];
    return {
      route,
      javaScript,
      build,
      median: {
        tapAt: median(runs.map((r) => r.tapAt)),
        stripeAt: median(runs.map((r) => r.stripeAt)),
        tapToStripe: median(runs.map((r) => r.stripeAt - r.tapAt)),
      },
      runs,
    };
  });
}

/** The rows as a Markdown table; a run that never reached Stripe makes its median "n/a". */
export function tapTable(rows: TapRow[]): string {
  const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : "n/a");
  const header =
    "| From | JavaScript | Build | Tap at | Stripe asked for at | Tap → Stripe |\n" +
    "| --- | --- | --- | --: | --: | --: |";
  const lines = rows.map(
    (row) =>
      `| \`${row.route}\` | ${row.javaScript ? "on" : "off"} | ${row.build} | ${ms(row.median.tapAt)} | ${ms(row.median.stripeAt)} | ${ms(row.median.tapToStripe)} |`,
  );
  return `${header}\n${lines.join("\n")}\n`;
}
