import { checkoutTimeoutMs } from "../../supabase/functions/_shared/contract.ts";
import { expect, tabTo, test } from "./test";

// The main flows, walked with the keyboard alone: no click, no focus() call.
test.describe("keyboard only", () => {
  test("the mobile menu: open with Enter, Tab walks it, Escape closes, a link navigates", async ({
    page,
    gotoHydrated,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await gotoHydrated("/");
    const menu = page.locator("#mobile-menu");
    const toggle = page.getByRole("button", { name: "Menu" });

    await tabTo(page, toggle);
    await page.keyboard.press("Enter");
    await expect(menu).toBeVisible();
    await expect(toggle).toBeFocused();

    // Tab walks the menu's links in order, straight after the toggle.
    const links = menu.getByRole("link");
    const count = await links.count();
    expect(count).toBeGreaterThanOrEqual(6);
    for (let i = 0; i < count; i++) {
      await page.keyboard.press("Tab");
      await expect(links.nth(i)).toBeFocused();
    }

    // Escape closes it from inside and hands focus back to the toggle.
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(toggle).toBeFocused();

    // Space opens it too; Enter on a link loads that page with the menu closed.
    await page.keyboard.press("Space");
    await expect(menu).toBeVisible();
    await tabTo(page, menu.getByRole("link", { name: "Pricing" }));
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(menu).toBeHidden();
  });

  test("the FAQ: Enter and Space open a question, one at a time, and close it again", async ({
    page,
    gotoHydrated,
  }) => {
    await gotoHydrated("/help");
    const items = page.getByRole("main").locator("details");
    await expect(items).toHaveCount(8);
    const [first, second] = [items.first(), items.nth(1)];

    await tabTo(page, first.locator("summary"));
    await page.keyboard.press("Enter");
    await expect(first).toHaveAttribute("open", "");
    await expect(first.locator("summary + *")).toBeVisible();

    await page.keyboard.press("Tab");
    await expect(second.locator("summary")).toBeFocused();
    await page.keyboard.press("Space");
    await expect(second).toHaveAttribute("open", "");
    await expect(first).not.toHaveAttribute("open");
    await expect(first.locator("summary + *")).toBeHidden();

    await page.keyboard.press("Enter");
    await expect(second).not.toHaveAttribute("open");
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
