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

// WCAG 2.5.8: every pointer target is at least 24 × 24 px, unless it is a link inside a sentence
// or its 24 px circle overlaps no other target.
for (const viewport of [
  { width: 375, height: 740 },
  { width: 1280, height: 800 },
]) {
  test.describe(`target size at ${viewport.width} px`, () => {
    test.use({ viewport });
    for (const route of siteRoutes) {
      test(route.path, async ({ page, gotoHydrated }) => {
        await gotoHydrated(route.path);
        await page.waitForLoadState("networkidle");
        const small = await page.evaluate(() => {
          const targets = [
            ...document.querySelectorAll<HTMLElement>("a[href], button, input, textarea, select"),
          ].filter((el) => el.checkVisibility() && !el.closest(".sr-only"));
          const boxes = targets.map((el) => el.getBoundingClientRect());
          const inSentence = (el: HTMLElement) =>
            getComputedStyle(el).display === "inline" &&
            !!el.parentElement?.closest("p, li, td, dd, figcaption, blockquote");
          return targets
            .map((el, i) => ({ el, box: boxes[i]! }))
            .filter(({ el, box }) => {
              if (box.width >= 24 && box.height >= 24) return false;
              if (inSentence(el)) return false;
              // Spacing exception: a 24 px circle on the target's centre touches no other target.
              const cx = box.left + box.width / 2;
              const cy = box.top + box.height / 2;
              return boxes.some((other, j) => {
                if (targets[j] === el || targets[j]!.contains(el) || el.contains(targets[j]!)) {
                  return false;
                }
                const dx = Math.max(other.left - cx, 0, cx - other.right);
                const dy = Math.max(other.top - cy, 0, cy - other.bottom);
                return Math.hypot(dx, dy) < 12;
              });
            })
            .map(
              ({ el, box }) =>
                `${el.tagName.toLowerCase()} "${(el.innerText || el.getAttribute("aria-label") || "").trim().slice(0, 30)}" ${Math.round(box.width)}×${Math.round(box.height)}`,
            );
        });
        expect(small).toEqual([]);
      });
    }
  });
}
