import { readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { filesUnder } from "../../server/files.ts";
import { earlyInputScript } from "../../app/site/early-input.ts";
import { goBackScript } from "../../app/site/go-back-script.ts";
import { ctaBandPlan, plans, startsCheckout } from "../../app/plans/plans.ts";
import { checkoutFormAction } from "../../app/plans/checkout/checkout-form.ts";
import { hydrates, siteRoutes } from "../e2e/site-routes.ts";
import { builtPage, clientDir, pageFile } from "./built-site.ts";

const KB = 1024;
const builtFiles = () => [...filesUnder(clientDir)].filter((file) => !/\.(br|gz)$/.test(file));
const gzipSize = (file: string) => gzipSync(readFileSync(file), { level: 9 }).byteLength;
/** Every page of the build: the routes and the not-found page. */
const allPages = [...siteRoutes.map((route) => route.path), "/404.html"];
const hydratedPages = siteRoutes.filter(hydrates).map((route) => route.path);

/** The JavaScript a page loads before it is interactive: module scripts, preloads and their imports. */
function firstLoadScripts(document: Document): string[] {
  const urls = new Set<string>();
  for (const link of document.querySelectorAll('link[rel="modulepreload"][href]')) {
    urls.add(link.getAttribute("href")!);
  }
  for (const script of document.querySelectorAll("script[src]"))
    urls.add(script.getAttribute("src")!);
  for (const script of document.querySelectorAll('script[type="module"]:not([src])')) {
    for (const match of (script.textContent ?? "").matchAll(
      /import(?:\s*\*\s*as\s+\w+\s+from)?\s*\(?\s*"(\/assets\/[^"]+\.js)"/g,
    )) {
      urls.add(match[1]!);
    }
  }
  // The loader that imports them after the first paint (ADR 020) lists them as JSON.
  for (const script of document.querySelectorAll("script[data-module-bootstrap]")) {
    for (const match of (script.textContent ?? "").matchAll(/"(\/assets\/[^"]+\.js)"/g)) {
      urls.add(match[1]!);
    }
  }
  // Follow static imports between chunks (JavaScript, read as the bundler writes them).
  const queue = [...urls];
  while (queue.length > 0) {
    const code = readFileSync(join(clientDir, queue.pop()!), "utf8");
    for (const match of code.matchAll(
      /(?:^|[;\s}])import\s*(?:[\w*{}\s,$]+from\s*)?["']\.\/([^"']+\.js)["']/g,
    )) {
      const next = `/assets/${match[1]}`;
      if (!urls.has(next)) {
        urls.add(next);
        queue.push(next);
      }
    }
  }
  return [...urls];
}

const firstLoadCode = (path: string) =>
  firstLoadScripts(builtPage(path))
    .map((url) => readFileSync(join(clientDir, url), "utf8"))
    .join("\n");

// Deterministic byte budgets, read from the production build.
describe("performance budgets", () => {
  it.each(hydratedPages)("checkout and toasts load on demand, never with %s", (path) => {
    const code = firstLoadCode(path);
    expect(code).not.toContain("FunctionsClient");
    expect(code).not.toContain("data-sonner-toaster");
  });

  it("the plan finder and the comparison table load with /pricing only", () => {
    const pricing = firstLoadCode("/pricing");
    // Copy that only the finder's rules and the table's rows carry.
    for (const marker of [
      "is the cheapest plan that covers",
      "The monthly price over its episodes",
    ]) {
      expect(pricing).toContain(marker);
      for (const path of hydratedPages.filter((path) => path !== "/pricing")) {
        expect.soft(firstLoadCode(path), path).not.toContain(marker);
      }
    }
  });

  it("the explorer's script loads only on its pages", () => {
    expect(firstLoadCode("/examples/open-kitchen-hours")).toContain("data-asset-tabs");
    for (const path of ["/", "/features", "/examples"]) {
      expect(firstLoadCode(path), path).not.toContain("data-asset-tabs");
    }
  });

  it("the feed finder's XML parser and network client never ship to the browser", () => {
    const scripts = builtFiles().filter((file) => file.endsWith(".js"));
    expect(scripts.length).toBeGreaterThan(0);
    for (const file of scripts) {
      const code = readFileSync(file, "utf8");
      for (const marker of ["XMLParser", "fast-xml-parser", "EntityDecoder", "undici"]) {
        expect.soft(code, `${file} contains ${marker}`).not.toContain(marker);
      }
    }
  });

  it("all CSS together is at most 20 KB gzip: the inline stylesheet, the same on every page, and the files", () => {
    const inline = new Set(
      allPages.map((path) => builtPage(path).head.querySelector("style")?.textContent ?? ""),
    );
    expect(inline.size).toBe(1);
    const [stylesheet = ""] = inline;
    expect(stylesheet).toContain("tailwindcss");
    const files = builtFiles().filter((file) => file.endsWith(".css"));
    const total =
      gzipSync(stylesheet, { level: 9 }).byteLength +
      files.reduce((sum, file) => sum + gzipSize(file), 0);
    expect(total).toBeLessThanOrEqual(20 * KB);
  });

  // ADR 009: a page ships JavaScript only if one of its controls cannot work without it.
  it.each(siteRoutes.filter((route) => !hydrates(route)))(
    "$path ships 0 bytes of JavaScript",
    (route) => {
      const page = builtPage(route.path);
      expect(firstLoadScripts(page)).toEqual([]);
      const scriptTypes = [...page.querySelectorAll("script")].map(
        (script) => script.getAttribute("type") ?? "classic",
      );
      expect(scriptTypes.filter((type) => type !== "application/ld+json")).toEqual([
        "speculationrules",
      ]);
      expect(page.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(0);
    },
  );

  it("the home page and the not-found page carry no module script or modulepreload", () => {
    for (const path of ["/", "/404.html"]) {
      const page = builtPage(path);
      expect.soft(page.querySelectorAll('script[type="module"]'), path).toHaveLength(0);
      expect.soft(page.querySelectorAll('link[rel="modulepreload"]'), path).toHaveLength(0);
      expect.soft(firstLoadScripts(page), path).toEqual([]);
    }
    // The not-found page's one script is Go Back's, inline, which the CSP allows by its hash.
    const classic = [...builtPage("/404.html").querySelectorAll("script:not([type])")];
    expect(classic.map((script) => script.textContent)).toEqual([goBackScript]);
  });

  it("the home page's plan buttons and call-to-action band are forms that post to checkout, renewal note beside each", () => {
    const home = builtPage("/");
    const buttons = [...home.querySelectorAll("#main button[data-price-id]")];
    const selfServe = plans.filter(startsCheckout);
    expect(buttons.map((button) => button.getAttribute("data-price-id")).sort()).toEqual(
      [...selfServe, ctaBandPlan].map((plan) => plan.priceId).sort(),
    );
    for (const button of buttons) {
      const form = button.closest("form");
      const plan = button.getAttribute("data-price-id")!;
      expect.soft(button.getAttribute("type"), plan).toBe("submit");
      expect.soft(form?.getAttribute("method"), plan).toBe("post");
      expect.soft(form?.getAttribute("action"), plan).toBe(checkoutFormAction());
      const fields = Object.fromEntries(
        [...(form?.querySelectorAll("input[type=hidden]") ?? [])].map((input) => [
          input.getAttribute("name"),
          input.getAttribute("value"),
        ]),
      );
      expect.soft(fields, plan).toEqual({ priceId: plan, isGuest: "true", returnTo: "/" });
      const note = home.getElementById(button.getAttribute("aria-describedby") ?? "");
      expect.soft(note?.hasAttribute("data-renewal-note"), plan).toBe(true);
    }
    // No link to /pricing?checkout= is left: the form buys from the page itself.
    expect(home.querySelectorAll('#main a[href*="checkout="]')).toHaveLength(0);
  });

  it.each(hydratedPages)(
    "%s requests no module before its first paint: no module script, no modulepreload",
    (path) => {
      const page = builtPage(path);
      expect(page.querySelectorAll('script[type="module"]')).toHaveLength(0);
      expect(page.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(0);
      // The loader imports them after the first paint, and the hydration context stays.
      const bootstrap = page.querySelector("script[data-module-bootstrap]")?.textContent ?? "";
      expect(bootstrap).toContain('observe({ type: "paint", buffered: true })');
      expect(bootstrap).toMatch(/"entry":"\/assets\/entry\.client-[\w-]+\.js"/);
      const classic = [...page.querySelectorAll("script:not([type])")].map((s) => s.textContent);
      expect(classic.some((text) => text?.startsWith("window.__reactRouterContext = {"))).toBe(
        true,
      );
      expect(classic.some((text) => text?.includes("streamController.close()"))).toBe(true);
    },
  );

  it("a page that hydrates holds early taps from its <head>; no other page carries the script", () => {
    for (const path of allPages) {
      const page = builtPage(path);
      const inHead = [...page.head.querySelectorAll("script:not([type])")].map(
        (script) => script.textContent,
      );
      expect.soft(inHead, path).toEqual(hydratedPages.includes(path) ? [earlyInputScript] : []);
    }
  });

  // The first-load JavaScript of each page that hydrates, in KB gzip, as measured on the date
  // below, and a budget of that plus 10%: room for an ordinary change, none for a new library.
  // A page that grows past it on purpose gets a new measurement and date here and in
  // docs/performance.md.
  const measuredOn = "2026-11-27";
  const measuredKB: Record<string, number> = {
    "/pricing": 135.8,
    "/contact": 133.2,
    "/help": 128.2,
    "/examples/open-kitchen-hours": 127.5,
    "/examples/the-slow-build": 127.5,
    "/cancel/keep": 120.5,
    "/feed-check": 125.5,
    "/change-plan/confirm": 124.2,
    "/change-plan/end-older": 124.2,
  };
  const hydratedBudgetsKB = Object.fromEntries(
    Object.entries(measuredKB).map(([path, kb]) => [path, kb * 1.1]),
  );
  it(`every page that hydrates is named here, within 10% of its JavaScript on ${measuredOn}`, () => {
    expect(Object.keys(hydratedBudgetsKB).sort()).toEqual([...hydratedPages].sort());
    for (const [path, budget] of Object.entries(hydratedBudgetsKB)) {
      const total = firstLoadScripts(builtPage(path)).reduce(
        (sum, url) => sum + gzipSize(join(clientDir, url)),
        0,
      );
      expect.soft(total / KB, path).toBeGreaterThan(0);
      expect
        .soft(Math.round((total / KB) * 10) / 10, path)
        .toBeLessThanOrEqual(Math.round(budget * 10) / 10);
    }
  });

  it("every page's HTML is at most 60 KB gzip", () => {
    for (const path of allPages) {
      expect.soft(gzipSize(pageFile(path)), path).toBeLessThanOrEqual(60 * KB);
    }
  });

  it("leaves none of React Router's .data files, which no page reads", () => {
    expect(builtFiles().filter((file) => file.endsWith(".data"))).toEqual([]);
  });

  it("no image is over 150 KB", () => {
    const images = builtFiles().filter((file) => /\.(png|jpe?g|webp|avif|svg|gif|ico)$/.test(file));
    expect(images.length).toBeGreaterThan(0);
    for (const file of images) {
      expect.soft(statSync(file).size, relative(clientDir, file)).toBeLessThanOrEqual(150 * KB);
    }
  });

  it("pages load nothing from another origin", () => {
    const loading =
      'script[src], img[src], img[srcset], source[src], source[srcset], iframe[src], link[href]:is([rel="stylesheet"], [rel="modulepreload"], [rel="preload"], [rel="icon"], [rel="apple-touch-icon"], [rel="manifest"])';
    for (const path of allPages) {
      for (const element of builtPage(path).querySelectorAll(loading)) {
        for (const name of ["src", "srcset", "href"]) {
          const url = element.getAttribute(name);
          if (url !== null) expect.soft(url, `${path} loads ${url}`).toMatch(/^\/(?!\/)/);
        }
      }
    }
  });

  it("the first paint needs no script: no content is hidden until hydration", () => {
    for (const path of allPages) {
      const page = builtPage(path);
      const hidden = [...page.querySelectorAll("[style]")].filter((element) =>
        /opacity:\s*0(?![.\d])/.test(element.getAttribute("style")!),
      );
      expect.soft(hidden.length, `${path} style opacity: 0`).toBe(0);
      expect.soft(page.querySelectorAll(".opacity-0").length, `${path} .opacity-0`).toBe(0);
    }
  });
});
