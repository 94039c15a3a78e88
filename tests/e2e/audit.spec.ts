import { expect, test, waitForSettled, type Page } from "./test";
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

/**
 * Runs in the page: from now on, each element that receives focus is described as focus arrives
 * (as it looks once its transitions end) into `window.focusStops`, so a run of Tab presses needs
 * one read of the page instead of one per press.
 */
function recordFocusStops(): void {
  const describe = (el: Element): FocusStop => {
    // Buttons fade their colours (outline included) for 150 ms: judge the ring the visitor settles
    // on, by jumping each finite transition to its end rather than waiting it out.
    for (const animation of el.getAnimations()) {
      if (animation.effect?.getComputedTiming().endTime !== Infinity) animation.finish();
    }

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
    // The ring sits outside the element (outline-offset), so it is drawn on the parents'
    // background: the nearest opaque colour, or every stop of the nearest gradient.
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
  };
  const stops: FocusStop[] = [];
  (window as unknown as { focusStops: FocusStop[] }).focusStops = stops;
  document.addEventListener("focusin", (event) => stops.push(describe(event.target as Element)));
}

/**
 * Presses Tab from the top of the page until focus comes round to its first stop again. The key
 * goes straight through CDP, as `keyboard.press` sends it, without what `press` adds: a wait
 * after each key for a navigation it might have started, which Tab never does (tests/README.md).
 */
async function tabThrough(page: Page): Promise<FocusStop[]> {
  await page.evaluate(recordFocusStops);
  const cdp = await page.context().newCDPSession(page);
  const tab = { key: "Tab", code: "Tab", windowsVirtualKeyCode: 9 };
  const pressesPerRead = 10;
  for (let pressed = 0; pressed < 150; pressed += pressesPerRead) {
    // Sent without waiting for each answer: one session's commands run in the order sent, so
    // the presses land one after another as before, without a round trip each.
    const sent: Promise<unknown>[] = [];
    for (let i = 0; i < pressesPerRead; i++) {
      sent.push(cdp.send("Input.dispatchKeyEvent", { type: "rawKeyDown", ...tab }));
      sent.push(cdp.send("Input.dispatchKeyEvent", { type: "keyUp", ...tab }));
    }
    await Promise.all(sent);
    const stops = await page.evaluate(
      () => (window as unknown as { focusStops: FocusStop[] }).focusStops,
    );
    // Past the last control focus leaves the document, then Tab enters it again at the top.
    const round = stops.findIndex((stop, i) => i > 0 && stop.domIndex === stops[0]!.domIndex);
    if (round > 0) {
      await cdp.detach();
      return stops.slice(0, round);
    }
  }
  throw new Error("Focus never came round again in 150 Tabs: a trap outside the open menu?");
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

/**
 * WCAG 1.4.10 (reflow at 320 CSS px: a 1280 px window at 400% zoom) and 1.4.4 (200% zoom: the
 * same window lays out as 640 × 400). Zoom resizes the CSS viewport of the loaded page, so the
 * desktop test's page is resized rather than loaded again: nothing may be wider than the viewport
 * outside its own scroller, and the navigation is still one button away.
 */
async function expectReflows(page: Page) {
  for (const zoomed of [
    { width: 640, height: 400 },
    { width: 320, height: 640 },
  ]) {
    await page.setViewportSize(zoomed);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await overflowing(page), `at ${zoomed.width} px`).toEqual([]);
    await expect(page.getByRole("button", { name: "Menu" })).toBeVisible();
  }
}

// Every route at a phone's and a desktop's width, in one load each (the page as it loaded; only
// focus moves, then the desktop's window is zoomed):
// - WCAG 2.2 AA: zero axe violations of any impact (the not-found page too);
// - WCAG 2.5.8: every pointer target is at least 24 × 24 px, unless it is a link inside a
//   sentence or its 24 px circle overlaps no other target;
// - WCAG 2.4.3, 2.4.7, 2.4.11 and 1.4.11: every control is reached by Tab, in reading order, and
//   shows a solid focus ring of at least 2 px that contrasts 3:1 with what is behind it;
// - at the desktop's width, then WCAG 1.4.4 and 1.4.10: it reflows at 200% and 400% zoom.
for (const viewport of [
  { width: 375, height: 740 },
  { width: 1280, height: 800 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });
    const desktop = viewport.width === 1280;

    for (const route of siteRoutes) {
      test(`${route.path}: axe, target sizes, focus order and rings${desktop ? ", reflow" : ""}`, async ({
        page,
        gotoHydrated,
      }) => {
        // Audits that were separate tests, each with the default timeout, share one load: they
        // get three timeouts together, not more.
        test.slow();
        await gotoHydrated(route.path);
        await waitForSettled(page);
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

        if (desktop) await expectReflows(page);
      });
    }

    test(`/no-such-page: axe${desktop ? ", reflow" : ""}`, async ({ page, gotoHydrated }) => {
      await gotoHydrated("/no-such-page");
      await waitForSettled(page);
      await expectNoAxeViolations(page, "/no-such-page");
      if (desktop) await expectReflows(page);
    });
  });
}
