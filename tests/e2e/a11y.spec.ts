import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "./test";
import { siteRoutes } from "./site-routes";

async function expectNoViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
  expect(summary, label).toEqual([]);
}

// WCAG 2.2 AA: zero axe violations of any impact, on every route, at phone and desktop widths.
for (const viewport of [
  { width: 375, height: 740 },
  { width: 1280, height: 800 },
]) {
  test.describe(`axe at ${viewport.width} px`, () => {
    test.use({ viewport });

    for (const route of [...siteRoutes, { path: "/no-such-page" }]) {
      test(route.path, async ({ page, gotoHydrated }) => {
        await gotoHydrated(route.path);
        await page.waitForLoadState("networkidle");
        await expectNoViolations(page, route.path);
      });
    }
  });
}

test.describe("axe in interactive states", () => {
  test("mobile menu open", async ({ page, gotoHydrated }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await gotoHydrated("/");
    await page.getByRole("button", { name: "Menu" }).click();
    await expect(page.locator("#mobile-menu")).toBeVisible();
    await expectNoViolations(page, "menu open");
  });

  test("an FAQ item open and a search with no results", async ({ page, gotoHydrated }) => {
    await gotoHydrated("/help");
    await page.locator("summary", { hasText: "How accurate are the transcripts?" }).click();
    await expectNoViolations(page, "faq open");
    await page.getByPlaceholder("Search for answers...").fill("xylophone");
    await expectNoViolations(page, "no results");
  });

  test("the contact form showing its errors", async ({ page, gotoHydrated }) => {
    await gotoHydrated("/contact");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Name must be at least 2 characters")).toBeVisible();
    await expectNoViolations(page, "contact errors");
  });

  test("a toast on screen", async ({ page, gotoHydrated }) => {
    await gotoHydrated("/pricing");
    await page
      .getByRole("region", { name: /Ready to get more/ })
      .getByRole("button")
      .click();
    await expect(page.getByText(/Failed to start subscription process/)).toBeVisible();
    await expectNoViolations(page, "toast");
  });
});
