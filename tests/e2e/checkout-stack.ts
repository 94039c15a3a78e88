import { spawn, type ChildProcess } from "node:child_process";
import { freePort } from "../../scripts/free-port.ts";
import { startFakeStripe, type FakeStripe } from "../fakes/fake-stripe.ts";

/** The Stripe prices the test server maps the public plan ids to. */
export const testPrices = {
  price_starter: "price_test_starter_fake",
  price_pro: "price_test_pro_fake",
  price_expert: "price_test_expert_fake",
} as const;

export type CheckoutStack = { origin: string; fake: FakeStripe; close: () => Promise<void> };

async function waitUntilUp(origin: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`test server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${origin}/`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("test server did not start within 20 s");
}

/**
 * The production server on its own loopback port, configured with Stripe test values and
 * pointed at a fake Stripe API, so a click on a plan really goes browser → function → SDK →
 * "Stripe" → redirect. Uses the build made by playwright.config.ts's web server.
 */
export async function startCheckoutStack(): Promise<CheckoutStack> {
  const fake = await startFakeStripe();
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      SITE_URL: origin,
      STRIPE_SECRET_KEY: "sk_test_fake_e2e_key",
      STRIPE_PRICE_STARTER: testPrices.price_starter,
      STRIPE_PRICE_PRO: testPrices.price_pro,
      STRIPE_PRICE_EXPERT: testPrices.price_expert,
      STRIPE_API_BASE: fake.url,
      CHECKOUT_RATE_LIMIT: "0",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    await waitUntilUp(origin, child);
  } catch (error) {
    child.kill();
    await fake.close();
    throw error;
  }
  return {
    origin,
    fake,
    close: async () => {
      child.kill("SIGTERM");
      await fake.close();
    },
  };
}
