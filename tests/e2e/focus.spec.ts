import { expect, test, type Page } from "./test";
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

// WCAG 2.4.3, 2.4.7, 2.4.11 and 1.4.11: every control is reached by Tab, in reading order, and
// shows a solid focus ring of at least 2 px that contrasts 3:1 with what is behind it.
for (const viewport of [
  { width: 375, height: 740 },
  { width: 1280, height: 800 },
]) {
  test.describe(`focus order and rings at ${viewport.width} px`, () => {
    test.use({ viewport });

    for (const route of siteRoutes) {
      test(route.path, async ({ page, gotoHydrated }) => {
        await gotoHydrated(route.path);
        await page.waitForLoadState("networkidle");
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
  });
}
