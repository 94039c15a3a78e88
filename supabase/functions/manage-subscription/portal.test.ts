import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeStripe, type FakeStripe } from "../../../tests/fakes/fake-stripe.ts";
import { BillingError } from "./billing.ts";
import { createStripePortal, type StripePortalConfig } from "./portal.ts";

// The portal adapter with the real SDK against the local fake Stripe, which speaks the public API.

const SITE = "https://castloop.test";
const PRICES = ["price_starter", "price_pro", "price_expert"];
let fake: FakeStripe;

beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const portal = (extra: Partial<StripePortalConfig> = {}) =>
  createStripePortal({
    secretKey: "sk_test_portal",
    apiBase: new URL(fake.url),
    prices: PRICES,
    returnUrl: `${SITE}/pricing`,
    privacyUrl: `${SITE}/privacy`,
    termsUrl: `${SITE}/terms`,
    timeoutMs: 2_000,
    ...extra,
  });

/** One subscriber on each plan, so each price's product is known. */
const seedPlans = () => {
  for (const price of PRICES) fake.seedSubscription({ email: `${price}@example.com`, price });
};

describe("Stripe's customer portal", () => {
  beforeEach(seedPlans);

  it("opens the update flow of the subscription, for its customer, on a configuration of ours", async () => {
    const subscription = fake.seedSubscription({ email: "jane@example.com" });
    const url = await portal().openUpdate(subscription.customer, subscription.id);
    const [session] = [...fake.portalSessions.values()];
    expect(url).toBe(session?.url);
    expect(session).toMatchObject({
      customer: subscription.customer,
      subscription: subscription.id,
      return_url: `${SITE}/pricing`,
    });
    const sent = fake.requests.find((request) => request.path === "/v1/billing_portal/sessions");
    expect(sent?.params["flow_data[type]"]).toBe("subscription_update");

    const [configuration] = [...fake.portalConfigurations.values()];
    expect(session?.configuration).toBe(configuration?.id);
    expect(configuration?.params).toMatchObject({
      "features[subscription_update][enabled]": "true",
      "features[subscription_update][proration_behavior]": "always_invoice",
      "features[subscription_update][default_allowed_updates][0]": "price",
      "features[subscription_update][schedule_at_period_end][conditions][0][type]":
        "decreasing_item_amount",
      "features[subscription_update][products][0][prices][0]": "price_starter",
      "features[subscription_update][products][2][prices][0]": "price_expert",
      "metadata[castloop]": "change-plan-v1",
    });
  });

  it("makes its configuration once, and a later process finds it instead of making another", async () => {
    const first = fake.seedSubscription({ email: "a@example.com" });
    const second = fake.seedSubscription({ email: "b@example.com" });
    const one = portal();
    await one.openUpdate(first.customer, first.id);
    await one.openUpdate(second.customer, second.id);
    await portal().openUpdate(second.customer, second.id);
    expect(fake.portalConfigurations.size).toBe(1);
    const creations = fake.requests.filter(
      (request) =>
        request.method === "POST" && request.path === "/v1/billing_portal/configurations",
    );
    expect(creations).toHaveLength(1);
  });

  it("uses STRIPE_PORTAL_CONFIGURATION as given, making none", async () => {
    const subscription = fake.seedSubscription({ email: "jane@example.com" });
    await expect(
      portal({ configuration: "bpc_operator" }).openUpdate(subscription.customer, subscription.id),
    ).rejects.toBeInstanceOf(BillingError);
    // The stand-in knows no bpc_operator: the session was asked for with it, and nothing was made.
    const sent = fake.requests.find((request) => request.path === "/v1/billing_portal/sessions");
    expect(sent?.params.configuration).toBe("bpc_operator");
    expect(fake.portalConfigurations.size).toBe(0);
  });

  it("refuses another customer's subscription, as Stripe does", async () => {
    const jane = fake.seedSubscription({ email: "jane@example.com" });
    const john = fake.seedSubscription({ email: "john@example.com" });
    await expect(portal().openUpdate(john.customer, jane.id)).rejects.toMatchObject({
      kind: "not_changeable",
    });
  });

  it("makes its configuration anew when the one it found is gone from Stripe", async () => {
    const subscription = fake.seedSubscription({ email: "jane@example.com" });
    const adapter = portal();
    await adapter.openUpdate(subscription.customer, subscription.id);
    // Stripe forgets everything: the configuration this process holds no longer exists.
    fake.reset();
    seedPlans();
    const again = fake.seedSubscription({ email: "jane@example.com" });
    expect(await adapter.openUpdate(again.customer, again.id)).toMatch(/\/portal\//);
    expect(fake.portalConfigurations.size).toBe(1);
  });

  it("tries the configuration again after a failure", async () => {
    const subscription = fake.seedSubscription({ email: "jane@example.com" });
    const adapter = portal();
    fake.failNext({ type: "api_error", shouldRetry: false });
    await expect(adapter.openUpdate(subscription.customer, subscription.id)).rejects.toBeInstanceOf(
      BillingError,
    );
    expect(await adapter.openUpdate(subscription.customer, subscription.id)).toMatch(/\/portal\//);
  });

  it("never reads a price: each plan's product comes from a subscription on it", async () => {
    const subscription = fake.seedSubscription({ email: "jane@example.com", price: "price_pro" });
    await portal().openUpdate(subscription.customer, subscription.id);
    expect(fake.priceRetrievals).toEqual([]);
    const [configuration] = [...fake.portalConfigurations.values()];
    expect(configuration?.params).toMatchObject({
      "features[subscription_update][products][1][product]": "prod_fake_price_pro",
    });
  });

  it("leaves out a plan no one is on yet, and covers it once someone is", async () => {
    fake.reset();
    const pro = fake.seedSubscription({ email: "jane@example.com", price: "price_pro" });
    const adapter = portal();
    await adapter.openUpdate(pro.customer, pro.id);
    const [partial] = [...fake.portalConfigurations.values()];
    expect(partial?.params["metadata[castloop_prices]"]).toBe("price_pro");
    fake.seedSubscription({ email: "a@example.com", price: "price_starter" });
    fake.seedSubscription({ email: "b@example.com", price: "price_expert" });
    await adapter.openUpdate(pro.customer, pro.id);
    const sessions = [...fake.portalSessions.values()];
    const full = fake.portalConfigurations.get(sessions[1]?.configuration ?? "");
    expect(full?.params["metadata[castloop_prices]"]).toBe(PRICES.join(","));
    // Complete now: the next session makes no other.
    await adapter.openUpdate(pro.customer, pro.id);
    expect(fake.portalConfigurations.size).toBe(2);
  });
});
