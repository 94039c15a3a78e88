import { freePort } from "../tools/free-port.ts";
import { serveBuild } from "../tools/serve-build.ts";
import { checkoutTimeoutMs } from "../../supabase/functions/_shared/contract.ts";
import { startFakeStripe, type FakeStripe } from "../fakes/fake-stripe.ts";
import { expect, type Page } from "./test";

/** The Stripe prices the test server maps the public plan ids to. */
export const testPrices = {
  price_starter: "price_test_starter_fake",
  price_pro: "price_test_pro_fake",
  price_expert: "price_test_expert_fake",
} as const;

export type CheckoutStack = { origin: string; fake: FakeStripe; close: () => Promise<void> };

/**
 * The production server on its own loopback port, configured with Stripe test values and
 * pointed at a fake Stripe API, so a click on a plan really goes browser → function → SDK →
 * "Stripe" → redirect. Uses the tests' build (tests/site-under-test.ts).
 */
export async function startCheckoutStack(
  /** Overrides the server's environment (a database that does not answer, say). */
  extraEnv: Record<string, string> = {},
): Promise<CheckoutStack> {
  const fake = await startFakeStripe();
  // The port is chosen first: the success URL is built on SITE_URL, which must be this origin.
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  try {
    const server = await serveBuild({
      port,
      env: {
        SITE_URL: origin,
        STRIPE_SECRET_KEY: "sk_test_fake_e2e_key",
        STRIPE_PRICE_STARTER: testPrices.price_starter,
        STRIPE_PRICE_PRO: testPrices.price_pro,
        STRIPE_PRICE_EXPERT: testPrices.price_expert,
        STRIPE_API_BASE: fake.url,
        CHECKOUT_RATE_LIMIT: "0",
        LOCAL_DB_DIR: "memory",
        ...extraEnv,
      },
    });
    return {
      origin,
      fake,
      close: async () => {
        await server.stop();
        await fake.close();
      },
    };
  } catch (error) {
    await fake.close();
    throw error;
  }
}

/**
 * Waits for the fake Stripe Checkout page. The redirect comes after two chunks load on demand,
 * the function's call and Stripe's answer, so it gets the time the site itself allows a checkout
 * before it shows an error (`checkoutTimeoutMs`), not the default 5 s: under CI's load the chain
 * has taken over 5 s with every step answered.
 */
export async function expectFakeStripeCheckout(page: Page): Promise<void> {
  await expect(page.getByRole("heading", { name: "Fake Stripe Checkout" })).toBeVisible({
    timeout: checkoutTimeoutMs,
  });
}
