import { expect, test, type Page } from "./test";
import { expectNoAxeViolations } from "./axe";
import { siteRoutes } from "./site-routes";

/** What one Tab press landed on, read in the page. */
interface FocusStop {
  label: string;
  /** Position of the element in document order among all elements. */
  domIndex: number;
  outlineStyle: string;
  outlineWidth: number;
  /** Lowest contrast of the outline against the backgrounds it is drawn on. */
  ringContrast: number;
}

/** Runs in the page: describes document.activeElement once its transitions have finished. */
async function describeFocus(): Promise<FocusStop | null> {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  // Buttons fade their colours (outline included) for 150 ms: judge the ring the visitor settles on.
  await Promise.all(el.getAnimations().map((animation) => animation.finished));

  // Any CSS colour (rgb, oklab, color-mix…) to sRGB bytes and alpha, by painting it.
  const canvas = document.createElement("canvas").getContext("2d", { willReadFrequently: true })!;
  const parse = (color: string): [number, number, number, number] => {
    canvas.clearRect(0, 0, 1, 1);
    canvas.fillStyle = color;
    canvas.fillRect(0, 0, 1, 1);
    const [r, g, b, a] = canvas.getImageData(0, 0, 1, 1).data;
    return [r!, g!, b!, a! / 255];
  };
  const luminance = ([r, g, b]: number[]) => {
    const lin = (c: number) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!);
  };
  const contrast = (a: number[], b: number[]) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (hi! + 0.05) / (lo! + 0.05);
  };
  // The ring sits outside the element (outline-offset), so it is drawn on the parents' background:
  // the nearest opaque colour, or every stop of the nearest gradient.
  const backgroundsBehind = (start: Element | null): number[][] => {
    for (let node = start; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.backgroundImage.includes("gradient")) {
        const stops = style.backgroundImage.match(/(rgba?|oklab|oklch|color)\([^)]+\)/g) ?? [];
        return stops.map(parse).filter((c) => c[3] > 0);
      }
      const color = parse(style.backgroundColor);
      if (color[3] > 0) return [color];
    }
    return [[255, 255, 255, 1]];
  };

  const style = getComputedStyle(el);
  const ring = parse(style.outlineColor);
  const behind = backgroundsBehind(el.parentElement);
  const name =
    el.getAttribute("aria-label") ??
    (el as HTMLElement).innerText?.trim().split("\n")[0] ??
    el.getAttribute("placeholder") ??
    "";
  return {
    label: `${el.tagName.toLowerCase()} "${name.slice(0, 40)}"`,
    domIndex: [...document.querySelectorAll("*")].indexOf(el),
    outlineStyle: style.outlineStyle,
    outlineWidth: parseFloat(style.outlineWidth),
    ringContrast: Math.min(...behind.map((bg) => contrast(ring, bg))),
  };
}

/** Presses Tab from the top of the page until focus leaves the document or comes round again. */
async function tabThrough(page: Page): Promise<FocusStop[]> {
  const stops: FocusStop[] = [];
  for (let i = 0; i < 150; i++) {
    await page.keyboard.press("Tab");
    const stop = await page.evaluate(describeFocus);
    if (!stop || stop.domIndex === stops[0]?.domIndex) return stops;
    stops.push(stop);
  }
  throw new Error("Tab never left the page: a focus trap outside the open menu?");
}

/** Pointer targets under 24 × 24 px that are neither inline in a sentence nor spaced apart. */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
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
}

// Every route at a phone's and a desktop's width, in one load each (the page as it loaded, before
// any interaction):
// - WCAG 2.2 AA: zero axe violations of any impact (the not-found page too);
// - WCAG 2.5.8: every pointer target is at least 24 × 24 px, unless it is a link inside a
//   sentence or its 24 px circle overlaps no other target;
// - WCAG 2.4.3, 2.4.7, 2.4.11 and 1.4.11: every control is reached by Tab, in reading order, and
//   shows a solid focus ring of at least 2 px that contrasts 3:1 with what is behind it.
for (const viewport of [
  { width: 375, height: 740 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    for (const route of siteRoutes) {
      test(`${route.path}: axe, target sizes, focus order and rings`, async ({
        page,
        gotoHydrated,
      }) => {
        // Three audits that were three tests, each with the default timeout, share one load:
        // they get the three timeouts together, not more.
        test.slow();
        await gotoHydrated(route.path);
        await page.waitForLoadState("networkidle");
        await expectNoAxeViolations(page, route.path);
        expect.soft(await smallTargets(page), "targets under 24 px").toEqual([]);
        const stops = await tabThrough(page);

        expect(stops[0]?.label).toBe('a "Skip to main content"');
        const tabbable = await page.evaluate(() => {
          const controls = [
            ...document.querySelectorAll<HTMLElement>(
              "a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), details > summary:first-of-type, [tabindex]:not([tabindex='-1'])",
            ),
          ]
            // Roving tabindex (the example explorer's tabs) keeps all but one out of the order.
            .filter((el) => el.tabIndex >= 0)
            .filter((el) => el.checkVisibility() || el.matches(".sr-only"));
          // Tab enters a group of radio buttons once; the arrow keys move within it.
          const radioGroups = new Set<string>();
          return controls.filter((el) => {
            if (!(el instanceof HTMLInputElement) || el.type !== "radio" || !el.name) return true;
            const first = !radioGroups.has(el.name);
            radioGroups.add(el.name);
            return first;
          }).length;
        });
        expect(stops, "every visible control is reached").toHaveLength(tabbable);

        const order = stops.map((s) => s.domIndex);
        expect(order, "tab order follows the reading order").toEqual(
          [...order].sort((a, b) => a - b),
        );

        const weak = stops.filter(
          (s) => s.outlineStyle === "none" || s.outlineWidth < 2 || s.ringContrast < 3,
        );
        expect(
          weak.map(
            (s) =>
              `${s.label}: ${s.outlineStyle} ${s.outlineWidth}px ${s.ringContrast.toFixed(2)}:1`,
          ),
        ).toEqual([]);
      });
    }

    test("/no-such-page: axe", async ({ page, gotoHydrated }) => {
      await gotoHydrated("/no-such-page");
      await page.waitForLoadState("networkidle");
      await expectNoAxeViolations(page, "/no-such-page");
    });
  });
}
