import { checkoutMessages } from "../../app/plans/checkout/checkout-messages.ts";
import { MESSAGES } from "../../supabase/functions/create-checkout/messages.ts";
import { freePort } from "../tools/free-port.ts";
import {
  expectFakeStripeCheckout,
  startCheckoutStack,
  testPrices,
  type CheckoutStack,
} from "./checkout-stack";
import { expect, test, type Locator, type Page } from "./test";

// Every Subscribe control is a form that posts the plan to the checkout function, which answers
// 303 to Stripe Checkout: with JavaScript off, and before a page hydrates, it still buys.

const kitPath = "/examples/open-kitchen-hours";
const subscribeControls = (page: Page) =>
  page.locator('form[action$="/functions/v1/create-checkout"] button[type="submit"]:visible');

/**
 * Presses the control from the keyboard, as a visitor may. A click would first wait for the
 * long kit page, whose panels lay out as they near the viewport, to hold still around it.
 */
async function press(control: Locator): Promise<void> {
  await control.focus();
  await control.press("Enter");
}

test.describe("without JavaScript, each Subscribe control reaches Stripe Checkout", () => {
  test.describe.configure({ mode: "serial" });
  // Up to seven cold loads and checkouts in one test.
  test.setTimeout(120_000);
  test.use({ javaScriptEnabled: false });
  let stack: CheckoutStack;

  test.beforeAll(async () => {
    stack = await startCheckoutStack();
  });
  test.afterAll(async () => {
    await stack?.close();
  });

  for (const [path, least] of [
    ["/", 4],
    ["/pricing", 7],
    [kitPath, 2],
  ] as const) {
    test(`on ${path}`, async ({ page }) => {
      await page.goto(`${stack.origin}${path}`);
      const count = await subscribeControls(page).count();
      // The plan cards and the band on /; on /pricing the comparison table's row too.
      expect(count).toBeGreaterThanOrEqual(least);
      for (let index = 0; index < count; index++) {
        stack.fake.reset();
        if (index > 0) await page.goto(`${stack.origin}${path}`);
        const control = subscribeControls(page).nth(index);
        const plan = (await control.getAttribute("data-price-id")) as keyof typeof testPrices;
        await press(control);
        await expectFakeStripeCheckout(page);
        expect(page.url()).toMatch(new RegExp(`^${stack.fake.url}/checkout/cs_test_`));
        expect([...stack.fake.sessions.values()].map((s) => s.priceId)).toEqual([testPrices[plan]]);
      }
    });
  }

  test("the comparison table's buttons post their own plans", async ({ page }) => {
    await page.goto(`${stack.origin}/pricing`);
    const table = page.getByRole("table", { name: /^Price, episodes, cost per episode/ });
    for (const plan of ["Starter", "Pro", "Expert"] as const) {
      stack.fake.reset();
      await page.goto(`${stack.origin}/pricing`);
      await table.getByRole("button", { name: `Subscribe to ${plan}` }).click();
      await expectFakeStripeCheckout(page);
      const priceId = `price_${plan.toLowerCase()}` as keyof typeof testPrices;
      expect([...stack.fake.sessions.values()].map((s) => s.priceId)).toEqual([
        testPrices[priceId],
      ]);
    }
  });
});

test.describe("a checkout form post that fails", () => {
  const notConfigured = checkoutMessages.failedWith(MESSAGES.not_configured);

  // The shared test server has no Stripe configuration: every post is refused.
  test("without JavaScript, comes back to its page with docs/product.md's message", async ({
    browser,
  }) => {
    // Three pages, each loaded, posted and loaded again.
    test.setTimeout(90_000);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    for (const path of ["/pricing", kitPath, "/"]) {
      await page.goto(path);
      await expect(page.getByText(notConfigured, { exact: true })).toBeHidden();
      await press(subscribeControls(page).first());
      await expect(page).toHaveURL(new RegExp(`${path}#checkout-error-not-configured$`));
      await expect(page.getByText(notConfigured, { exact: true })).toBeVisible();
      // Only the notice for this refusal shows.
      await expect(page.getByText(checkoutMessages.failedWith(MESSAGES.rate_limited))).toBeHidden();
    }
    await context.close();
  });

  test("with JavaScript, the page keeps the notice once it has hydrated", async ({
    page,
    gotoHydrated,
  }) => {
    await gotoHydrated("/pricing#checkout-error-not-configured");
    await expect(page.getByText(notConfigured, { exact: true })).toBeVisible();
  });
});

test.describe("a checkout form post whose database does not answer", () => {
  test.use({ javaScriptEnabled: false });
  let stack: CheckoutStack;

  test.beforeAll(async () => {
    // A loopback port nothing listens on: every connection is refused, as when Postgres is down.
    const closed = await freePort();
    stack = await startCheckoutStack({
      DATABASE_URL: `postgres://castloop@127.0.0.1:${closed}/castloop`,
      CHECKOUT_RATE_LIMIT: "30",
    });
  });
  test.afterAll(async () => {
    await stack?.close();
  });

  test("comes back to its page with the message, never JSON or a blank page", async ({ page }) => {
    const message = checkoutMessages.failedWith(MESSAGES.database_unavailable);
    await page.goto(`${stack.origin}${kitPath}`);
    await press(subscribeControls(page).first());
    await expect(page).toHaveURL(new RegExp(`${kitPath}#checkout-error-database-unavailable$`));
    await expect(page.getByText(message, { exact: true })).toBeVisible();
    expect(stack.fake.requests).toHaveLength(0);
  });
});
