import { expect, test, type Page } from "./test";
import { siteRoutes } from "./site-routes";

/** Elements wider than the viewport (WCAG 1.4.10 allows a wide table only inside its own scroller). */
async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const inScroller = (el: Element) => {
      for (let node = el.parentElement; node; node = node.parentElement) {
        if (/(auto|scroll)/.test(getComputedStyle(node).overflowX)) return true;
      }
      return false;
    };
    const wide = [...document.querySelectorAll("body *")].filter((el) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.right > width + 0.5 && el.checkVisibility() && !inScroller(el);
    });
    const page = document.documentElement.scrollWidth > width ? ["the page scrolls sideways"] : [];
    return [
      ...page,
      ...wide.map((el) => `${el.tagName.toLowerCase()}.${el.className}`.slice(0, 80)),
    ];
  });
}

// WCAG 1.4.10 (reflow at 320 CSS px, the same as 400% zoom of 1280) and 1.4.4 (200% zoom:
// a 1280 × 800 window zoomed to 200% lays out as 640 × 400).
for (const viewport of [
  { width: 320, height: 640 },
  { width: 640, height: 400 },
]) {
  test.describe(`reflow at ${viewport.width} px`, () => {
    test.use({ viewport });
    for (const route of [...siteRoutes, { path: "/no-such-page", h1: "404" }]) {
      test(route.path, async ({ page, gotoHydrated }) => {
        await gotoHydrated(route.path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        expect(await overflowing(page)).toEqual([]);
        // Nothing is lost: the navigation is still one button away.
        await expect(page.getByRole("button", { name: "Menu" })).toBeVisible();
      });
    }
  });
}
