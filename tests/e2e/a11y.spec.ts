import { expect, test } from "./test";
import { expectNoAxeViolations } from "./axe";

// Every route as it loads: audit.spec.ts. Here the states a visitor puts the pages in.
test.describe("axe in interactive states", () => {
  test("mobile menu open", async ({ page, gotoHydrated }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await gotoHydrated("/");
    await page.getByRole("button", { name: "Menu" }).click();
    await expect(page.locator("#mobile-menu")).toBeVisible();
    await expectNoAxeViolations(page, "menu open");
  });

  test("an FAQ item open and a search with no results", async ({ page, gotoHydrated }) => {
    await gotoHydrated("/help");
    await page.locator("summary", { hasText: "How accurate are the transcripts?" }).click();
    await expectNoAxeViolations(page, "faq open");
    await page.getByPlaceholder("Search for answers...").fill("xylophone");
    await expectNoAxeViolations(page, "no results");
  });

  test("the contact form showing its errors", async ({ page, gotoHydrated }) => {
    await gotoHydrated("/contact");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Name must be at least 2 characters")).toBeVisible();
    await expectNoAxeViolations(page, "contact errors");
  });

  test("a toast on screen", async ({ page, gotoHydrated }) => {
    await gotoHydrated("/pricing");
    await page
      .getByRole("region", { name: /Ready to get more/ })
      .getByRole("button")
      .click();
    await expect(
      page.locator("[data-sonner-toaster]").getByText(/Failed to start subscription process/),
    ).toBeVisible();
    await expectNoAxeViolations(page, "toast");
  });
});
