import { test as base } from "@playwright/test";

export { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";

/**
 * Playwright's `test`, except that `page.goto` to one of the site's pages also waits until the
 * page has hydrated (the root route marks `<html data-hydrated>`) when JavaScript is on. A page
 * paints before its scripts load, so the `load` event alone no longer means it is interactive.
 */
export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        if (response?.headers()["content-type"]?.startsWith("text/html"))
          await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
        return response;
      };
    }
    await use(page);
  },
});
