import { test as base, type Page, type Response } from "@playwright/test";

export { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";

type GotoOptions = Parameters<Page["goto"]>[1];

/** Resolves once the root route has marked `<html data-hydrated>` (after React hydrated). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/**
 * Playwright's `test` with one more fixture, `gotoHydrated(url)`: `page.goto`, then, when
 * JavaScript is on and the answer is a page, wait until it has hydrated. A page paints before
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
