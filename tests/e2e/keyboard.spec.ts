import { checkoutTimeoutMs } from "../../app/lib/checkout-messages.ts";
import { expect, test, type Locator, type Page } from "./test";

/** Presses Tab (from wherever focus is) until `target` has focus; fails if it is never reached. */
async function tabTo(page: Page, target: Locator, max = 80) {
  for (let presses = 0; presses < max; presses++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

// The main flows, walked with the keyboard alone: no click, no focus() call.
test.describe("keyboard only", () => {
  test("the mobile menu: open with Enter, Tab stays inside, Escape closes, a link navigates", async ({
    page,
    gotoHydrated,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await gotoHydrated("/");
    const menu = page.locator("#mobile-menu");

    await tabTo(page, page.getByRole("button", { name: "Open menu" }));
    await page.keyboard.press("Enter");
    const toggle = page.getByRole("button", { name: "Close menu" });
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(toggle).toBeFocused();

    // Tab walks the menu's links in order and comes back round to the toggle.
    const links = menu.getByRole("link");
    const count = await links.count();
    expect(count).toBeGreaterThanOrEqual(6);
    for (let i = 0; i < count; i++) {
      await page.keyboard.press("Tab");
      await expect(links.nth(i)).toBeFocused();
    }
    await page.keyboard.press("Tab");
    await expect(toggle).toBeFocused();

    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    const opener = page.getByRole("button", { name: "Open menu" });
    await expect(opener).toBeFocused();

    // Space opens it too; Enter on a link goes there, closes the menu and lands on the heading.
    await page.keyboard.press("Space");
    await expect(menu).toBeVisible();
    await tabTo(page, menu.getByRole("link", { name: "Pricing" }));
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(menu).toBeHidden();
    await expect(page.getByRole("heading", { level: 1, name: "Pricing" })).toBeFocused();
  });

  test("the FAQ accordion follows the WAI-ARIA pattern", async ({ page, gotoHydrated }) => {
    await gotoHydrated("/help");
    // Each trigger is a button inside its question's heading.
    const triggers = page.getByRole("main").getByRole("heading", { level: 3 }).getByRole("button");
    await expect(triggers).toHaveCount(8);
    const first = triggers.first();
    const second = triggers.nth(1);
    const last = triggers.last();

    await tabTo(page, first);
    await expect(first).toHaveAttribute("aria-expanded", "false");
    const panelId = await first.getAttribute("aria-controls");
    const panel = page.locator(`[id="${panelId}"]`);
    await expect(panel).toHaveAttribute("role", "region");
    await expect(panel).toHaveAttribute("aria-labelledby", (await first.getAttribute("id"))!);

    await page.keyboard.press("Enter");
    await expect(first).toHaveAttribute("aria-expanded", "true");
    await expect(panel).toBeVisible();

    await page.keyboard.press("ArrowDown");
    await expect(second).toBeFocused();
    await page.keyboard.press("Space");
    await expect(second).toHaveAttribute("aria-expanded", "true");
    await expect(first).toHaveAttribute("aria-expanded", "false");
    await expect(panel).toBeHidden();

    await page.keyboard.press("End");
    await expect(last).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(first).toBeFocused();
    await page.keyboard.press("ArrowUp");
    await expect(last).toBeFocused();
    await page.keyboard.press("Home");
    await expect(first).toBeFocused();

    await tabTo(page, second);
    await page.keyboard.press("Enter");
    await expect(second).toHaveAttribute("aria-expanded", "false");
  });

  test("the contact form: errors focus the first invalid field, the toast never takes focus", async ({
    page,
    gotoHydrated,
  }) => {
    await gotoHydrated("/contact");
    await page.waitForLoadState("networkidle");
    const name = page.getByLabel("Name");
    const send = page.getByRole("button", { name: "Send Message" });

    await tabTo(page, send);
    await page.keyboard.press("Enter");
    await expect(name).toBeFocused();
    await expect(name).toHaveAttribute("aria-invalid", "true");

    await page.keyboard.type("Ada Lovelace");
    await page.keyboard.press("Tab");
    await page.keyboard.type("ada@castloop.com");
    await page.keyboard.press("Tab");
    await page.keyboard.type("A question about the Pro plan.");
    await page.keyboard.press("Tab");
    await expect(send).toBeFocused();
    await page.keyboard.press("Enter");

    await expect(page.getByText("Form submitted")).toBeVisible();
    // Announced politely from a live region, while focus stays where the visitor left it.
    await expect(page.locator("[aria-live='polite']").getByText("Form submitted")).toBeVisible();
    await expect(send).toBeFocused();
  });

  test("a pricing call to action: Tab to it, Enter, the toast is announced and focus stays", async ({
    page,
    gotoHydrated,
  }) => {
    await gotoHydrated("/pricing");
    await page.waitForLoadState("networkidle");
    const pro = page
      .getByRole("article", { name: "Pro", exact: true })
      .getByRole("button", { name: "Subscribe to Pro" });
    await tabTo(page, pro);
    await page.keyboard.press("Enter");

    // The shared test server has no Stripe key: the function answers 503 and the toast says so.
    const toast = page.locator("[aria-live='polite']").getByText(/Checkout is not configured/);
    // After two chunks loaded on demand and the call: the site's own checkout budget.
    await expect(toast).toBeVisible({ timeout: checkoutTimeoutMs });
    await expect(pro).toBeFocused();
    await expect(pro).toBeEnabled();
  });
});
