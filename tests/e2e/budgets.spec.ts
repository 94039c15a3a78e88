import { expect, test } from "./test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  builtFiles,
  clientDir,
  fileSize,
  firstLoadScripts,
  gzipSize,
  htmlFiles,
  urlPathOf,
} from "./build-output";
import { hydrates, siteRoutes } from "./site-routes";

/** The built file of a URL path: `/about` → `about/index.html`. */
const pageFile = (path: string) =>
  path.endsWith(".html")
    ? path.slice(1)
    : `${path.replace(/^\/|\/$/g, "")}/index.html`.replace(/^\//, "");

const KB = 1024;

// Deterministic byte budgets, read from the production build (issue "Fast and found").
test.describe("performance budgets", () => {
  test("first-load JavaScript of the home page is at most 125 KB gzip", () => {
    const html = readFileSync(join(clientDir, "index.html"), "utf8");
    const scripts = firstLoadScripts(html);
    expect(scripts.length).toBeGreaterThan(0);
    const total = scripts.reduce((sum, url) => sum + gzipSize(join(clientDir, url)), 0);
    console.log(
      `home first-load JS: ${(total / KB).toFixed(1)} KB gzip in ${scripts.length} files`,
    );
    expect(total).toBeLessThanOrEqual(125 * KB);
    // Checkout and toasts load on demand, never with the page.
    const firstLoadCode = scripts
      .map((url) => readFileSync(join(clientDir, url), "utf8"))
      .join("\n");
    expect(firstLoadCode).not.toContain("FunctionsClient");
    expect(firstLoadCode).not.toContain("data-sonner-toaster");
  });

  test("the plan finder and the comparison table load with /pricing only, not with the home page", () => {
    const firstLoadCode = (page: string) =>
      firstLoadScripts(readFileSync(join(clientDir, page), "utf8"))
        .map((url) => readFileSync(join(clientDir, url), "utf8"))
        .join("\n");
    const home = firstLoadCode("index.html");
    const pricing = firstLoadCode("pricing/index.html");
    // Copy that only the finder's rules and the table's rows carry.
    for (const marker of [
      "is the cheapest plan that covers",
      "The monthly price over its episodes",
    ]) {
      expect(pricing).toContain(marker);
      expect(home).not.toContain(marker);
    }
  });

  test("all CSS together is at most 20 KB gzip", () => {
    const css = builtFiles().filter((file) => file.endsWith(".css"));
    expect(css.length).toBeGreaterThan(0);
    const total = css.reduce((sum, file) => sum + gzipSize(file), 0);
    expect(total).toBeLessThanOrEqual(20 * KB);
  });

  // ADR 009: a page ships JavaScript only if one of its controls cannot work without it.
  for (const route of siteRoutes.filter((r) => !hydrates(r))) {
    test(`${route.path} ships 0 bytes of JavaScript`, () => {
      const html = readFileSync(join(clientDir, pageFile(route.path)), "utf8");
      expect(firstLoadScripts(html)).toEqual([]);
      const scriptTypes = [...html.matchAll(/<script\b([^>]*)>/g)].map(
        (m) => /\btype="([^"]+)"/.exec(m[1]!)?.[1] ?? "classic",
      );
      expect(scriptTypes.filter((t) => t !== "application/ld+json")).toEqual(["speculationrules"]);
      expect(html).not.toContain("modulepreload");
    });
  }

  // The first-load JavaScript of each page that hydrates, gzip, as built on 2026-11-24 (ad2bc66,
  // before ADR 009): no page may grow past it.
  const hydratedBudgetsKB: Record<string, number> = {
    "/": 123.2,
    "/pricing": 127.4,
    "/contact": 129.9,
    "/help": 126.5,
    "/examples/open-kitchen-hours": 123.3,
    "/examples/the-slow-build": 123.3,
    "/404.html": 115.9,
  };
  test("every page that hydrates is named here, and loads no more JavaScript than before", () => {
    expect(Object.keys(hydratedBudgetsKB).sort()).toEqual(
      [...siteRoutes.filter(hydrates).map((r) => r.path), "/404.html"].sort(),
    );
    for (const [path, budget] of Object.entries(hydratedBudgetsKB)) {
      const html = readFileSync(join(clientDir, pageFile(path)), "utf8");
      const total = firstLoadScripts(html).reduce(
        (sum, url) => sum + gzipSize(join(clientDir, url)),
        0,
      );
      expect.soft(total / KB, path).toBeGreaterThan(0);
      expect.soft(Math.round((total / KB) * 10) / 10, path).toBeLessThanOrEqual(budget);
    }
  });

  test("module preloads apply to no media, so no chunk downloads ahead of the first paint", () => {
    for (const path of [...siteRoutes.filter(hydrates).map((r) => r.path), "/404.html"]) {
      const html = readFileSync(join(clientDir, pageFile(path)), "utf8");
      const preloads = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]*>/g)].map((m) => m[0]);
      expect.soft(preloads.length, path).toBeGreaterThan(0);
      for (const link of preloads) expect.soft(link, path).toContain('media="not all"');
    }
  });

  test("every page's HTML is at most 60 KB gzip", () => {
    for (const file of htmlFiles()) {
      expect.soft(gzipSize(file), urlPathOf(file)).toBeLessThanOrEqual(60 * KB);
    }
  });

  test("no image is over 150 KB", () => {
    const images = builtFiles().filter((file) => /\.(png|jpe?g|webp|avif|svg|gif|ico)$/.test(file));
    expect(images.length).toBeGreaterThan(0);
    for (const file of images)
      expect.soft(fileSize(file), urlPathOf(file)).toBeLessThanOrEqual(150 * KB);
  });

  test("pages load nothing from another origin", () => {
    for (const file of htmlFiles()) {
      const html = readFileSync(file, "utf8");
      const loaded = [
        ...html.matchAll(/<(?:script|img|source|iframe)[^>]+(?:src|srcset)="([^"]+)"/g),
        ...html.matchAll(
          /<link[^>]+rel="(?:stylesheet|modulepreload|preload|icon|apple-touch-icon|manifest)"[^>]+href="([^"]+)"/g,
        ),
      ].map((match) => match[1]!);
      for (const url of loaded)
        expect.soft(url, `${urlPathOf(file)} loads ${url}`).toMatch(/^\/(?!\/)/);
    }
  });

  test("the first paint needs no script: no content is hidden until hydration", () => {
    for (const file of htmlFiles()) {
      const html = readFileSync(file, "utf8");
      expect.soft(html, urlPathOf(file)).not.toMatch(/style="[^"]*opacity:\s*0/);
      expect.soft(html, urlPathOf(file)).not.toMatch(/class="[^"]*\bopacity-0\b/);
    }
  });
});
