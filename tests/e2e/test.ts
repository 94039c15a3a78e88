import { expect, test as base, type Locator, type Page, type Response } from "@playwright/test";

export { expect, type Locator, type Page } from "@playwright/test";

/**
 * A page that hydrates: React Router's module script, or the loader that imports the modules
 * after the first paint (ADR 020), which adds no module script of its own.
 */
export const hydratingPageSelector = 'script[type="module"], script[data-module-bootstrap]';

type GotoOptions = Parameters<Page["goto"]>[1];

/**
 * Resolves once the root route has marked `<html data-hydrated>` (after React hydrated), or at
 * once on a page that ships no JavaScript (ADR 009): it is ready when it has loaded.
 */
export async function waitForHydration(page: Page): Promise<void> {
  if ((await page.locator(hydratingPageSelector).count()) === 0) return;
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/**
 * Presses Tab (from wherever focus is) until `target` has focus; fails if `max` presses never
 * reach it.
 */
export async function tabTo(page: Page, target: Locator, max = 120): Promise<void> {
  for (let presses = 0; presses < max; presses++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

/**
 * From the next navigation on, reports every CSP violation to the console, and collects the
 * console messages that `keep` selects, each with the page's URL, as they happen.
 */
export async function recordConsole(
  page: Page,
  keep: (type: string, text: string) => boolean,
): Promise<string[]> {
  const kept: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  page.on("console", (message) => {
    if (keep(message.type(), message.text())) kept.push(`${page.url()}: ${message.text()}`);
  });
  return kept;
}

/**
 * Resolves once the page has stopped fetching: a page that hydrates may still load chunks (the
 * toaster, a lazy result) after hydration, so wait for the network to go quiet; a page that ships
 * no JavaScript (ADR 009) fetches nothing after its load event but the lazy images a scroll
 * brings in, so it has already settled.
 */
export async function waitForSettled(page: Page): Promise<void> {
  if ((await page.locator(hydratingPageSelector).count()) === 0) return;
  await page.waitForLoadState("networkidle");
}

/**
 * Playwright's `test` with one more fixture, `gotoHydrated(url)`: `page.goto`, then, when
 * JavaScript is on and the answer is a page that hydrates, wait until it has. A page paints before
 * its scripts load, so `load` alone does not mean its controls work. `page.goto` itself is
 * Playwright's, unchanged; after `reload` or `goBack`, call `waitForHydration(page)`.
 */
export const test = base.extend<{
  gotoHydrated: (url: string, options?: GotoOptions) => Promise<Response | null>;
}>({
  gotoHydrated: async ({ page, javaScriptEnabled }, use) => {
    await use(async (url, options) => {
      const response = await page.goto(url, options);
      const html = response?.headers()["content-type"]?.startsWith("text/html") ?? false;
      if (javaScriptEnabled !== false && html) await waitForHydration(page);
      return response;
    });
  },
});

/**
 * The expanded state Chromium exposes to assistive technology for the button named `name`, read
 * from its accessibility tree. A popover toggle carries it natively, without an aria-expanded
 * attribute, which is all Playwright's role selectors read.
 */
export async function exposedExpanded(page: Page, name: string): Promise<boolean | undefined> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = await cdp.send("Accessibility.getFullAXTree");
    const button = nodes.find((n) => n.role?.value === "button" && n.name?.value === name);
    if (!button) throw new Error(`No button named "${name}" in the accessibility tree`);
    const expanded = button.properties?.find((p) => p.name === "expanded");
    return expanded ? Boolean(expanded.value.value) : undefined;
  } finally {
    await cdp.detach();
  }
}
