import { checkoutTimeoutMs } from "../../supabase/functions/_shared/contract.ts";
import {
  expect,
  hydratingPageSelector,
  test,
  waitForHydration,
  waitForSettled,
  type Page,
} from "./test";
import {
  expectFakeStripeCheckout,
  startCheckoutStack,
  testPrices,
  type CheckoutStack,
} from "./checkout-stack";

const functionPath = "**/functions/v1/create-checkout";
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A plan card's call to action (the comparison table, the finder and the CTA band repeat some). */
const planButton = (page: Page, plan: string) =>
  page
    .getByRole("article", { name: plan, exact: true })
    .getByRole("button", { name: `Subscribe to ${plan}` });

/**
 * Holds every call to the checkout function until `release()`, so what the page shows while it
 * waits (the toast) can be checked before the redirect, however fast or busy the machine.
 */
async function holdCheckoutCalls(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(functionPath, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

const agencyLink = (page: Page) =>
  page
    .getByRole("article", { name: "Agency", exact: true })
    .getByRole("link", { name: "Contact Us" });

test.describe("checkout through the function to (fake) Stripe", () => {
  test.describe.configure({ mode: "serial" });
  let stack: CheckoutStack;

  test.beforeAll(async () => {
    stack = await startCheckoutStack();
  });
  test.afterAll(async () => {
    await stack?.close();
  });

  for (const [plan, priceId, price] of [
    ["Starter", "price_starter", "$79"],
    ["Pro", "price_pro", "$149"],
    ["Expert", "price_expert", "$299"],
  ] as const) {
    // Pro is in `npm run test:quick`'s smoke run.
    test(
      `${plan}: toast, function call, redirect to Stripe Checkout with the mapped price`,
      { tag: plan === "Pro" ? ["@smoke"] : [] },
      async ({ page, gotoHydrated }) => {
        stack.fake.reset();
        await gotoHydrated(`${stack.origin}/pricing`);
        const release = await holdCheckoutCalls(page);
        const calls: Array<{ body: string; key: string | undefined }> = [];
        page.on("request", (request) => {
          if (
            request.url().includes("/functions/v1/create-checkout") &&
            request.method() === "POST"
          ) {
            calls.push({
              body: request.postData() ?? "",
              key: request.headers()["idempotency-key"],
            });
          }
        });
        // The renewal terms are in text beside the button, and its description, before the click.
        const renewal = `${price} a month, taxes included, charged today and then every month until you cancel.`;
        const note = page
          .getByRole("article", { name: plan, exact: true })
          .locator("[data-renewal-note]");
        await expect(note).toBeVisible();
        await expect(note).toContainText(renewal);
        await expect(note).toContainText(
          "If we change the price of your plan, we e-mail you at least",
        );
        await expect(note).toContainText("Cancel anytime");
        await expect(note).toContainText(
          "until the end of the billing period you have already paid for",
        );
        // Conspicuous, not fine print: body size, at the page's own text color.
        expect(await note.evaluate((el) => getComputedStyle(el).fontSize)).toBe("16px");
        await expect(note.getByRole("link", { name: "Terms of Service" })).toHaveAttribute(
          "href",
          "/terms",
        );
        await expect(planButton(page, plan)).toHaveAccessibleDescription(
          new RegExp(`^${renewal.replace(/[$.]/g, "\\$&")}`),
        );
        await planButton(page, plan).click();
        await expect(page.getByText("Preparing checkout...")).toBeVisible({
          timeout: checkoutTimeoutMs,
        });
        release();
        await expectFakeStripeCheckout(page);
        // Stripe's Terms checkbox consents to the renewal at this amount; the Pay line says how
        // to cancel; a required choice records the express request to start at once.
        const params = stack.fake.requests.at(-1)?.params ?? {};
        expect(params["consent_collection[terms_of_service]"]).toBe("required");
        const every = `${price} today and then ${price} every month`;
        expect(params["custom_text[terms_of_service_acceptance][message]"]).toContain(every);
        expect(params["custom_text[submit][message]"]).toContain(every);
        expect(params["custom_fields[0][key]"]).toBe("startNow");
        expect(params).not.toHaveProperty("allow_promotion_codes");
        await expect(page.getByTestId("terms-text")).toContainText("automatic renewal");
        await expect(page.getByTestId("submit-text")).toContainText("Cancel your subscription");
        await expect(page.getByTestId("custom-field")).toBeVisible();
        expect(page.url()).toMatch(new RegExp(`^${stack.fake.url}/checkout/cs_test_`));
        expect(calls.map(({ body }) => JSON.parse(body))).toEqual([{ priceId, isGuest: true }]);
        expect(calls[0]?.key).toMatch(UUID_V4);
        const sessions = [...stack.fake.sessions.values()];
        expect(sessions.map((s) => s.priceId)).toEqual([testPrices[priceId]]);
        // Every try the function made, retries included, carried the browser's key.
        expect(new Set(stack.fake.requests.map((r) => r.idempotencyKey))).toEqual(
          new Set([calls[0]?.key]),
        );
      },
    );
  }

  test("the call-to-action band always buys Pro, from a page that ships no script", async ({
    page,
    gotoHydrated,
  }) => {
    stack.fake.reset();
    await gotoHydrated(`${stack.origin}/about`);
    await expect(page.locator(`script[src], ${hydratingPageSelector}`)).toHaveCount(0);
    // The static page's form posts the plan; the function answers 303 to Stripe Checkout.
    await page
      .getByRole("region", { name: /Ready to get more/ })
      .getByRole("button", { name: "Subscribe to Pro" })
      .click();
    await expectFakeStripeCheckout(page);
    expect([...stack.fake.sessions.values()].map((s) => s.priceId)).toEqual([testPrices.price_pro]);
    // Back from Stripe lands on the page the visitor left, which starts no second checkout.
    await page.goBack();
    await expect(page).toHaveURL(`${stack.origin}/about`);
    expect(stack.fake.sessions.size).toBe(1);
  });

  test("/pricing?checkout=<plan>, the links already out there, still starts that checkout", async ({
    page,
    gotoHydrated,
  }) => {
    stack.fake.reset();
    const release = await holdCheckoutCalls(page);
    await gotoHydrated(`${stack.origin}/pricing?checkout=price_pro`);
    await expect(page.getByText("Preparing checkout...")).toBeVisible({
      timeout: checkoutTimeoutMs,
    });
    release();
    await expectFakeStripeCheckout(page);
    expect([...stack.fake.sessions.values()].map((s) => s.priceId)).toEqual([testPrices.price_pro]);
    // Back from Stripe lands on /pricing without the request, so it starts no second checkout.
    await page.goBack();
    await expect(page).toHaveURL(`${stack.origin}/pricing`);
    await waitForHydration(page);
    await waitForSettled(page);
    expect(stack.fake.sessions.size).toBe(1);
  });

  test("a double click creates one session", async ({ page, gotoHydrated }) => {
    stack.fake.reset();
    await gotoHydrated(`${stack.origin}/pricing`);
    // Both clicks land while the first call is still out.
    const release = await holdCheckoutCalls(page);
    await planButton(page, "Expert").dblclick();
    release();
    await expectFakeStripeCheckout(page);
    expect(stack.fake.sessions.size).toBe(1);
  });

  test("a retry after a lost answer reuses the key: Stripe replays the one session", async ({
    page,
    gotoHydrated,
  }) => {
    stack.fake.reset();
    await gotoHydrated(`${stack.origin}/pricing`);
    // The first answer is lost on the way back: the session exists, the browser never hears.
    await page.route(
      functionPath,
      async (route) => {
        await route.fetch();
        await route.abort("connectionreset");
      },
      { times: 1 },
    );
    await planButton(page, "Pro").click();
    await expect(
      page.getByText("Failed to start subscription process. Please try again.", { exact: true }),
    ).toBeVisible();
    expect(stack.fake.sessions.size).toBe(1);

    await planButton(page, "Pro").click();
    await expectFakeStripeCheckout(page);
    const [session] = [...stack.fake.sessions.values()];
    expect(stack.fake.sessions.size).toBe(1);
    expect(page.url()).toBe(session?.url);
    const keys = stack.fake.requests.map((request) => request.idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(UUID_V4);
    expect(keys[1]).toBe(keys[0]);
  });

  test("keyboard only: Enter on a plan starts checkout", async ({ page, gotoHydrated }) => {
    stack.fake.reset();
    await gotoHydrated(`${stack.origin}/pricing`);
    await planButton(page, "Starter").focus();
    await page.keyboard.press("Enter");
    await expectFakeStripeCheckout(page);
  });
});

/** A toast's text: the page also holds each refusal's no-script notice, hidden unless targeted. */
const toast = (page: Page, text: string) =>
  page.locator("[data-sonner-toaster]").getByText(text, { exact: true });

async function expectFailureToast(page: Page, text: string) {
  // The toast follows two chunks loaded on demand and the call: the site's own checkout budget.
  await expect(toast(page, text)).toBeVisible({ timeout: checkoutTimeoutMs });
  const button = planButton(page, "Pro");
  await expect(button).not.toHaveAttribute("aria-busy", "true");
  await expect(button).toBeEnabled();
}

test.describe("checkout failures", () => {
  test("an unconfigured server: the function's own message in the toast", async ({
    page,
    gotoHydrated,
  }) => {
    await gotoHydrated("/pricing");
    await planButton(page, "Pro").click();
    await expectFailureToast(
      page,
      "Failed to start subscription process: Checkout is not configured on this server yet.",
    );
  });

  // The toaster's chunk loads after hydration, and on a busy machine it can arrive seconds after a
  // checkout has failed: the checkout must not wait for it, and its toasts must wait for it.
  test("a toaster that arrives after the failure: checkout goes on, both toasts show", async ({
    page,
    gotoHydrated,
  }) => {
    let releaseToaster = () => {};
    const toasterHeld = new Promise<void>((resolve) => (releaseToaster = resolve));
    await page.route("**/assets/toaster-*.js", async (route) => {
      await toasterHeld;
      await route.continue();
    });
    await page.clock.install();
    const toasterRequested = page.waitForRequest("**/assets/toaster-*.js");
    await gotoHydrated("/pricing");
    await toasterRequested;
    // The page's clock stands still from here (a little ahead of now, which pauseAt needs; no
    // timer of the checkout exists yet), so no wait for the toaster can run out either.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 5_000);
    const answered = page.waitForResponse(functionPath, { timeout: checkoutTimeoutMs });
    await planButton(page, "Pro").click();
    expect((await answered).status()).toBe(503);
    await expect(planButton(page, "Pro")).not.toHaveAttribute("aria-busy", "true");
    await expect(planButton(page, "Pro")).toBeEnabled();
    await expect(page.locator("[data-sonner-toaster]")).toHaveCount(0);
    // A minute of the page's time passes (every timer it set fires), then the chunk arrives.
    await page.clock.runFor(60_000);
    await page.clock.resume();
    releaseToaster();
    await expect(page.getByText("Preparing checkout...")).toBeVisible();
    await expect(
      toast(
        page,
        "Failed to start subscription process: Checkout is not configured on this server yet.",
      ),
    ).toBeVisible();
  });

  test("an answer without a url", async ({ page, gotoHydrated }) => {
    await page.route(functionPath, (route) => route.fulfill({ status: 200, json: {} }));
    await gotoHydrated("/pricing");
    await planButton(page, "Pro").click();
    await expectFailureToast(
      page,
      "Failed to start subscription process. No checkout URL returned.",
    );
  });

  test("an unreachable function never shows the client library's text", async ({
    page,
    gotoHydrated,
  }) => {
    await page.route(functionPath, (route) => route.abort("connectionrefused"));
    await gotoHydrated("/pricing");
    await planButton(page, "Pro").click();
    await expectFailureToast(page, "Failed to start subscription process. Please try again.");
    await expect(page.getByText(/Failed to send a request/)).toHaveCount(0);
  });

  test("a forged non-http url is not followed", async ({ page, gotoHydrated }) => {
    await page.route(functionPath, (route) =>
      route.fulfill({ status: 200, json: { url: "javascript:alert(1)" } }),
    );
    await gotoHydrated("/pricing");
    await planButton(page, "Pro").click();
    await expectFailureToast(page, "Failed to start subscription process. Please try again.");
    await expect(page).toHaveURL(/\/pricing$/);
  });

  test("Agency's Contact Us goes to the contact form and calls nothing", async ({
    page,
    gotoHydrated,
  }) => {
    let called = false;
    await page.route(functionPath, (route) => {
      called = true;
      return route.abort();
    });
    await gotoHydrated("/pricing");
    await agencyLink(page).click();
    await expect(page).toHaveURL(/\/contact$/);
    expect(called).toBe(false);
  });

  test("without JavaScript every plan's call to action is visible and says what it does", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/pricing");
    for (const plan of ["Starter", "Pro", "Expert"])
      await expect(planButton(page, plan)).toBeVisible();
    await expect(agencyLink(page)).toBeVisible();
    await context.close();
  });
});
