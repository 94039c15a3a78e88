import { freePort } from "../tools/free-port.ts";
import { serveBuild } from "../tools/serve-build.ts";
import { startFakeResend, type FakeResend } from "../fakes/fake-resend.ts";
import { startFakeStripe, type FakeStripe } from "../fakes/fake-stripe.ts";

export type ManageStack = {
  origin: string;
  stripe: FakeStripe;
  resend: FakeResend;
  close: () => Promise<void>;
};

/**
 * The production server on its own loopback port, with a database in memory, pointed at a fake
 * Stripe and a fake Resend: a form on /cancel or /withdraw really goes browser → function →
 * Stripe SDK → "Stripe", and its e-mail → outbox → "Resend". Uses the tests' build.
 */
export async function startManageStack(env: Record<string, string> = {}): Promise<ManageStack> {
  const stripe = await startFakeStripe();
  const resend = await startFakeResend();
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  try {
    const server = await serveBuild({
      port,
      // Opening the in-memory database takes seconds more when the machine is busy.
      startTimeoutMs: 60_000,
      env: {
        SITE_URL: origin,
        STRIPE_SECRET_KEY: "sk_test_fake_e2e_manage",
        STRIPE_API_BASE: stripe.url,
        STRIPE_PRICE_PRO: "price_test_pro_fake",
        RESEND_API_KEY: "re_test_fake_e2e",
        RESEND_API_BASE: resend.url,
        EMAIL_FROM: "Castloop <billing@castloop.test>",
        LOCAL_DB_DIR: "memory",
        MANAGE_RATE_LIMIT: "0",
        ...env,
      },
    });
    return {
      origin,
      stripe,
      resend,
      close: async () => {
        await server.stop();
        await stripe.close();
        await resend.close();
      },
    };
  } catch (error) {
    await stripe.close();
    await resend.close();
    throw error;
  }
}
