import { expect, test } from "./test";
import { siteRoutes } from "./site-routes";

// The headers themselves, the CSP of each page against the static-host file and its script
// hashes, and the server's refusals are read from the build in tests/built/ (pages and server
// .build.test.ts); here the browser applies the policy.
test.describe("Content-Security-Policy in the browser", () => {
  test("no violation on any route, in the menu, the accordion or a checkout click", async ({
    page,
    gotoHydrated,
  }) => {
    test.slow(); // every route, each until the network is idle
    const violations: string[] = [];
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    page.on("console", (message) => {
      if (/CSP violation|Refused to/.test(message.text()))
        violations.push(`${page.url()}: ${message.text()}`);
    });
    for (const route of siteRoutes) {
      await gotoHydrated(route.path);
      await page.waitForLoadState("networkidle");
    }
    await gotoHydrated("/help");
    await page.locator("summary", { hasText: "Which audio formats can I upload?" }).click();
    await gotoHydrated("/pricing");
    await page
      .getByRole("region", { name: /Ready to get more/ })
      .getByRole("button")
      .click();
    await expect(page.getByText(/Failed to start subscription process/)).toBeVisible();
    await page.setViewportSize({ width: 375, height: 740 });
    await page.getByRole("button", { name: "Menu" }).click();
    await page.locator("#mobile-menu").getByRole("link", { name: "About" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("About Castloop");
    expect(violations).toEqual([]);
  });
});
