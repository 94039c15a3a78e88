import { readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { filesUnder } from "../../server/files.ts";
import { earlyInputScript } from "../../app/site/early-input.ts";
import { goBackScript } from "../../app/site/go-back-script.ts";
import { ctaBandPlan, plans, startsCheckout } from "../../app/plans/plans.ts";
import { checkoutIntentHref } from "../../app/plans/checkout-intent.ts";
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

// Deterministic byte budgets, read from the production build (issue "Fast and found").
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

  it("the home page's plan buttons and call-to-action band link to /pricing, renewal note beside each", () => {
    const home = builtPage("/");
    const links = [...home.querySelectorAll("#main a[data-price-id]")];
    const selfServe = plans.filter(startsCheckout);
    expect(links.map((link) => link.getAttribute("href")).sort()).toEqual(
      [...selfServe, ctaBandPlan]
        .map((plan) => plan.priceId)
        .map(checkoutIntentHref)
        .sort(),
    );
    for (const link of links) {
      const note = home.getElementById(link.getAttribute("aria-describedby") ?? "");
      expect.soft(note?.hasAttribute("data-renewal-note"), link.getAttribute("href")!).toBe(true);
    }
    expect(home.querySelectorAll("#main button[data-price-id]")).toHaveLength(0);
  });

  it("a page that hydrates holds early taps from its <head>; no other page carries the script", () => {
    for (const path of allPages) {
      const page = builtPage(path);
      const inHead = [...page.head.querySelectorAll("script:not([type])")].map(
        (script) => script.textContent,
      );
      expect.soft(inHead, path).toEqual(hydratedPages.includes(path) ? [earlyInputScript] : []);
    }
  });

  // The first-load JavaScript of each page that hydrates, gzip, as built on 2026-11-24 (ad2bc66,
  // before ADR 009): no page may grow past it, but for what issues 26 and 27 added on purpose.
  // Issue 26: the renewal note beside every checkout button (its words and the price, in text
  // before the click), and the plan finder's advice on a month over the plan's allowance.
  const renewalNotesKB = { kit: 0.6, pricing: 1.7 };
  // Issue 27: the page grows by the feed field only.
  const feedFieldKB = 1.5;
  // Issue 31: the root renders the head elements postbuild used to splice in (ADR 015).
  const headInRootKB = 0.1;
  // Issue 33: the statements table, whose sentences /pricing's finder and feed field import; the
  // footer's prefilled cancellation e-mail on every page, and the renewal note's tax,
  // price-change and cancel-effect sentences beside each checkout button.
  const statementsKB = { pricing: 1.2 };
  const consentKB = { footer: 0.4, kit: 0.4, pricing: 0.3 };
  // Issue 31: notify() queues toasts until the toaster mounts, on the pages that raise them.
  const toastQueueKB = 0.2;
  // The footer's link to the accessibility statement on every page; on /pricing, the feed
  // field's full account of what the function keeps and the statements on signing up and uploads.
  const storyKB = { footer: 0.1, pricing: 0.3 };
  const hydratedBudgetsKB: Record<string, number> = {
    "/pricing":
      127.4 +
      feedFieldKB +
      renewalNotesKB.pricing +
      statementsKB.pricing +
      consentKB.footer +
      consentKB.pricing +
      storyKB.footer +
      storyKB.pricing,
    "/contact": 129.9 + consentKB.footer + toastQueueKB + storyKB.footer,
    "/help": 126.5 + consentKB.footer + storyKB.footer,
    "/examples/open-kitchen-hours":
      123.3 +
      renewalNotesKB.kit +
      headInRootKB +
      consentKB.footer +
      consentKB.kit +
      toastQueueKB +
      storyKB.footer,
    "/examples/the-slow-build":
      123.3 +
      renewalNotesKB.kit +
      headInRootKB +
      consentKB.footer +
      consentKB.kit +
      toastQueueKB +
      storyKB.footer,
  };
  it("every page that hydrates is named here, and loads no more JavaScript than before", () => {
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
