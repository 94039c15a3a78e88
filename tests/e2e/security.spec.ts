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
    // The menu before the checkout click: on a phone the error toast lies over the header, and
    // the toaster holds a toast while the pointer rests on it, so a click there would wait.
    await page.setViewportSize({ width: 375, height: 740 });
    await page.getByRole("button", { name: "Menu" }).click();
    await page.locator("#mobile-menu").getByRole("link", { name: "Pricing" }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await page.setViewportSize({ width: 1280, height: 720 });
    await gotoHydrated("/pricing");
    await page
      .getByRole("region", { name: /Ready to get more/ })
      .getByRole("button")
      .click();
    await expect(
      page.locator("[data-sonner-toaster]").getByText(/Failed to start subscription process/),
    ).toBeVisible();
    // The toaster's stylesheet applied: style-src allows it by hash, with no 'unsafe-inline'.
    await expect(page.locator("[data-sonner-toaster]")).toHaveCSS("position", "fixed");
    expect(violations).toEqual([]);
  });

  test("no violation with the contact form's toast on screen", async ({ page, gotoHydrated }) => {
    const violations = await recordConsole(page, (_, text) =>
      /CSP violation|Refused to/.test(text),
    );
    await gotoHydrated("/contact");
    await page.getByLabel("Name").fill("Ada Lovelace");
    await page.getByLabel("Email").fill("ada@castloop.com");
    await page.getByLabel("Message").fill("A question about the Pro plan.");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Form submitted")).toBeVisible();
    await expect(page.locator("[data-sonner-toaster]")).toHaveCSS("position", "fixed");
    expect(violations).toEqual([]);
  });
});
