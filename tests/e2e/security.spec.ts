import { expect, recordConsole, test } from "./test";

// The headers themselves, the CSP of each page against the static-host file and its script
// hashes, and the server's refusals are read from the build in tests/built/ (pages and server
// .build.test.ts); every route's own load is watched for violations in routes.spec.ts. Here the
// browser applies the policy to what a visitor does on the pages.
test.describe("Content-Security-Policy in the browser", () => {
  test("no violation in the menu, the accordion or a checkout click", async ({
    page,
    gotoHydrated,
  }) => {
    // Only violations: the checkout click's failing call (no Stripe here) logs an error too.
    const violations = await recordConsole(page, (_, text) =>
      /CSP violation|Refused to/.test(text),
    );
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
