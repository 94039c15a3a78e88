import { expect, recordConsole, test, waitForSettled, type Page } from "./test";
import { hydrates, siteRoutes } from "./site-routes";

// The prerendered HTML of every route (status, its one heading, metadata, headers, links) is
// read once in tests/built/; here each route is loaded in the browser once on a phone and once
// on a tall desktop, and everything that needs a real load is checked on those loads.

/** Console errors, page errors, hydration warnings and CSP violations, as they happen. */
async function recordProblems(page: Page): Promise<string[]> {
  const problems = await recordConsole(
    page,
    (type, text) => type === "error" || /hydrat|Refused to/i.test(text),
  );
  page.on("pageerror", (error) => problems.push(error.message));
  return problems;
}

type Shift = { total: number; moved: string[] };

/**
 * The layout shift of the load so far, and what moved: each shifted element and how far, as
 * the browser reports it. Buffered entries arrive before the timer fires.
 */
const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<Shift>((resolve) => {
        const shift: Shift = { total: 0, moved: [] };
        type Source = {
          node?: Node | null;
          previousRect: DOMRectReadOnly;
          currentRect: DOMRectReadOnly;
        };
        const describe = (node: Node | null | undefined) => {
          if (!(node instanceof Element)) return node?.nodeName.toLowerCase() ?? "(gone)";
          const classes = [...node.classList]
            .slice(0, 3)
            .map((name) => `.${name}`)
            .join("");
          return `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ""}${classes}`;
        };
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            const { value, sources } = entry as PerformanceEntry & {
              value: number;
              sources: Source[];
            };
            shift.total += value;
            for (const { node, previousRect: from, currentRect: to } of sources) {
              shift.moved.push(
                `${describe(node)} by ${Math.round(to.x - from.x)}, ${Math.round(to.y - from.y)} px at ${Math.round(entry.startTime)} ms (${value.toFixed(3)})`,
              );
            }
          }
        }).observe({ type: "layout-shift", buffered: true });
        setTimeout(() => resolve(shift), 200);
      }),
  );

/** Fails softly with the layout shift over 0.01, naming what moved. */
async function expectNoShift(page: Page, viewport: string) {
  const shift = await layoutShift(page);
  expect
    .soft(shift.total, `${viewport}: moved ${shift.moved.join("; ") || "nothing"}`)
    .toBeLessThanOrEqual(0.01);
}

test.describe("every route", () => {
  for (const route of siteRoutes) {
    test(
      `${route.path} renders${hydrates(route) ? " and hydrates" : ""} cleanly, with all its text, without shifting`,
      { tag: route.path === "/" ? ["@smoke"] : [] },
      async ({ page, gotoHydrated }) => {
        const problems = await recordProblems(page);
        await page.setViewportSize({ width: 412, height: 823 });
        await gotoHydrated(route.path);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(route.h1);
        await waitForSettled(page);
        expect(problems, "console errors or CSP violations").toEqual([]);

        // The stylesheet is inline and still there once the page has hydrated, so no stylesheet
        // file is fetched (ADR 015). A page that hydrates downloads its JavaScript; any other
        // page downloads none (ADR 009).
        const firstPaint = await page.evaluate(
          () =>
            new Promise<number>((resolve) => {
              new PerformanceObserver((list, observer) => {
                const entry = list.getEntriesByName("first-contentful-paint")[0];
                if (!entry) return;
                observer.disconnect();
                resolve(entry.startTime);
              }).observe({ type: "paint", buffered: true });
            }),
        );
        const { scripts, stylesheets, inlineStyle } = await page.evaluate(() => ({
          scripts: performance
            .getEntriesByType("resource")
            .filter((entry) => /\/assets\/[^/]+\.js$/.test(entry.name))
            .map((entry) => entry.name),
          stylesheets: performance
            .getEntriesByType("resource")
            .filter((entry) => entry.name.endsWith(".css") && !entry.name.endsWith("/noscript.css"))
            .map((entry) => new URL(entry.name).pathname),
          inlineStyle: document.head.querySelector("style")?.textContent ?? "",
        }));
        expect(stylesheets).toEqual([]);
        expect(inlineStyle).toContain("tailwindcss");
        expect(firstPaint).toBeGreaterThan(0);
        if (hydrates(route)) expect(scripts.length).toBeGreaterThan(0);
        else expect(scripts).toEqual([]);

        // Find-in-page, printing and reader modes need every word of the page, so no text may
        // sit under content-visibility: auto (ADR 007); only parts without text, like figures.
        const skippable = await page.evaluate(() =>
          [...document.querySelectorAll("body *")]
            .filter((element) => getComputedStyle(element).contentVisibility !== "visible")
            .map((element) => ({
              tag: element.tagName.toLowerCase(),
              text: element.textContent?.trim().slice(0, 40) ?? "",
            })),
        );
        expect(skippable.filter(({ text }) => text !== "")).toEqual([]);

        // An article's figures stay unrendered until they near the viewport; nothing may move
        // when they render (CLS ≤ 0.01), on a phone or on a tall desktop.
        await expectNoShift(page, "412×823");
        await page.setViewportSize({ width: 1920, height: 1400 });
        await gotoHydrated(route.path);
        await waitForSettled(page);
        await expectNoShift(page, "1920×1400");
        expect(problems, "console errors or CSP violations").toEqual([]);
      },
    );
  }
});
