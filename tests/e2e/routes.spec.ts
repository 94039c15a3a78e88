import { expect, test } from "./test";
import { hydrates, siteRoutes } from "./site-routes";

test.describe("every route", () => {
  for (const route of siteRoutes) {
    test(`${route.path} answers 200 with its heading in the prerendered HTML`, async ({
      request,
    }) => {
      const response = await request.get(route.path);
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toContain("text/html");
      const html = await response.text();
      const h1s = html.match(/<h1[\s>]/g) ?? [];
      expect(h1s).toHaveLength(1);
      expect(html).toContain(escapeHtml(route.h1));
    });

    test(`${route.path} renders${hydrates(route) ? " and hydrates" : ""} without console errors`, async ({
      page,
      gotoHydrated,
    }) => {
      const problems: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error" || /hydrat/i.test(message.text()))
          problems.push(message.text());
      });
      page.on("pageerror", (error) => problems.push(error.message));
      await gotoHydrated(route.path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(route.h1);
      await page.waitForLoadState("networkidle");
      expect(problems).toEqual([]);
      // The stylesheet is in the page, so the first paint waits for no other request. A page
      // that hydrates starts downloading its JavaScript only once the whole page is parsed and a
      // frame has been drawn after it (ADR 007); any other page downloads none (ADR 009). The
      // paint entry's time is when the frame reached the screen, which a busy compositor can
      // report later than the frame itself, so the check is against the end of parsing, which
      // the deferred script waits for.
      const { parsed, firstPaint, scriptStarts, stylesheets } = await page.evaluate(() => ({
        parsed: (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming)
          .domContentLoadedEventStart,
        firstPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
        scriptStarts: performance
          .getEntriesByType("resource")
          .filter((entry) => /\/assets\/[^/]+\.js$/.test(entry.name))
          .map((entry) => entry.startTime),
        stylesheets: performance
          .getEntriesByType("resource")
          .filter((entry) => entry.name.endsWith(".css") && !entry.name.endsWith("/noscript.css"))
          .map((entry) => entry.name),
      }));
      expect(stylesheets).toEqual([]);
      expect(firstPaint).toBeGreaterThan(0);
      if (!hydrates(route)) {
        expect(scriptStarts).toEqual([]);
        return;
      }
      expect(scriptStarts.length).toBeGreaterThan(0);
      expect(Math.min(...scriptStarts)).toBeGreaterThanOrEqual(parsed);
    });

    // Find-in-page, printing and reader modes need every word of the page, so no text may sit
    // under content-visibility: auto (ADR 007); only parts without text, like figures, may.
    test(`${route.path} keeps all its text rendered`, async ({ page, gotoHydrated }) => {
      await gotoHydrated(route.path);
      const skippable = await page.evaluate(() =>
        [...document.querySelectorAll("body *")]
          .filter((element) => getComputedStyle(element).contentVisibility !== "visible")
          .map((element) => ({
            tag: element.tagName.toLowerCase(),
            text: element.textContent?.trim().slice(0, 40) ?? "",
          })),
      );
      expect(skippable.filter(({ text }) => text !== "")).toEqual([]);
    });

    // An article's figures stay unrendered until they near the viewport (content-visibility:
    // auto); nothing may move when they render, on a phone or on a tall desktop.
    test(`${route.path} does not shift while it loads (CLS ≤ 0.01)`, async ({
      page,
      gotoHydrated,
    }) => {
      for (const viewport of [
        { width: 412, height: 823 },
        { width: 1920, height: 1400 },
      ]) {
        await page.setViewportSize(viewport);
        await gotoHydrated(route.path);
        await page.waitForLoadState("networkidle");
        const shift = await page.evaluate(
          () =>
            new Promise<number>((resolve) => {
              let total = 0;
              new PerformanceObserver((list) => {
                for (const entry of list.getEntries())
                  total += (entry as PerformanceEntry & { value: number }).value;
              }).observe({ type: "layout-shift", buffered: true });
              // Buffered entries arrive in the observer's first callback, before this timer.
              setTimeout(() => resolve(total), 200);
            }),
        );
        expect.soft(shift, `${viewport.width}×${viewport.height}`).toBeLessThanOrEqual(0.01);
      }
    });
  }

  test("an unknown path answers 404 with the not-found page", async ({ request }) => {
    for (const path of ["/nope", "/blog/nope", "/pricing/extra"]) {
      const response = await request.get(path);
      expect(response.status()).toBe(404);
      const html = await response.text();
      expect(html).toContain("Page not found");
      expect(html).toContain("It may have been moved or doesn&#x27;t exist.");
    }
  });
});

function escapeHtml(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("'", "&#x27;");
}
