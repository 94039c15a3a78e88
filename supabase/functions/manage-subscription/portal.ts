import Stripe from "stripe";
import { apiBaseOptions } from "../_shared/stripe-settings.ts";
import { STRIPE_MAX_NETWORK_RETRIES, STRIPE_TRY_TIMEOUT_MS, toBillingError } from "./stripe.ts";

// Stripe's customer portal, opened on one subscription's "update" flow: the portal does the
// plan change itself. Its configuration is STRIPE_PORTAL_CONFIGURATION when set; otherwise the
// function finds the one it made before (by metadata) or makes it: upgrades invoiced at once
// with the proration, downgrades scheduled at the end of the paid period, only our three prices.

/** Marks the configuration this function makes, so a later start finds it instead of another. */
export const PORTAL_CONFIGURATION_METADATA = { castloop: "change-plan-v1" } as const;

export interface PlanPortal {
  /** The URL of a portal session on `subscription`'s update flow; BillingError on failure. */
  openUpdate(customer: string, subscription: string): Promise<string>;
}

export interface StripePortalConfig {
  secretKey: string;
  apiBase?: URL;
  /** The three plans' Stripe price ids, in the order the pricing page lists them. */
  prices: readonly string[];
  /** STRIPE_PORTAL_CONFIGURATION, when the operator keeps one of their own. */
  configuration?: string;
  /** Where the portal's "back" link leads. */
  returnUrl: string;
  privacyUrl: string;
  termsUrl: string;
  timeoutMs?: number;
}

/** Each configured price's product, where a subscription on it shows it; unknown ones left out. */
export async function productsOfPrices(
  stripe: Stripe,
  prices: readonly string[],
): Promise<Map<string, string>> {
  // Read from subscriptions (subscriptions.list by price), not prices.retrieve, which is not
  // among the calls this site makes, so any stand-in of the public API serves the portal.
  const products = new Map<string, string>();
  for (const price of prices) {
    const listed = await stripe.subscriptions.list({ price, status: "all", limit: 10 });
    for (const subscription of listed.data) {
      for (const item of subscription.items?.data ?? []) {
        const product = item.price?.product;
        const id = typeof product === "string" ? product : product?.id;
        if (item.price?.id === price && id !== undefined) products.set(price, id);
      }
    }
  }
  return products;
}

/** The configuration's parameters: what a plan change in the portal does. */
export function portalConfigurationParams(
  products: ReadonlyMap<string, string>,
  config: Pick<StripePortalConfig, "privacyUrl" | "termsUrl">,
): Stripe.BillingPortal.ConfigurationCreateParams {
  const byProduct = new Map<string, string[]>();
  for (const [price, product] of products) {
    byProduct.set(product, [...(byProduct.get(product) ?? []), price]);
  }
  return {
    business_profile: {
      privacy_policy_url: config.privacyUrl,
      terms_of_service_url: config.termsUrl,
    },
    features: {
      subscription_update: {
        enabled: true,
        default_allowed_updates: ["price"],
        products: [...byProduct].map(([product, prices]) => ({ product, prices })),
        proration_behavior: "always_invoice",
        schedule_at_period_end: { conditions: [{ type: "decreasing_item_amount" }] },
      },
      invoice_history: { enabled: true },
    },
    metadata: { ...PORTAL_CONFIGURATION_METADATA, castloop_prices: [...products.keys()].join(",") },
  };
}

export function createStripePortal(config: StripePortalConfig): PlanPortal {
  const stripe = new Stripe(config.secretKey, {
    maxNetworkRetries: STRIPE_MAX_NETWORK_RETRIES,
    timeout: config.timeoutMs ?? STRIPE_TRY_TIMEOUT_MS,
    httpClient: Stripe.createFetchHttpClient(),
    ...apiBaseOptions(config.apiBase),
  });
  let configuration: Promise<{ id: string; complete: boolean }> | undefined;

  /**
   * Ours, covering the plans whose product is known: a plan no one has subscribed to yet
   * shows no product, so it waits for a later configuration (`complete` false).
   */
  async function findOrCreate(): Promise<{ id: string; complete: boolean }> {
    if (config.configuration !== undefined) return { id: config.configuration, complete: true };
    const products = await productsOfPrices(stripe, config.prices);
    const covered = [...products.keys()].join(",");
    const complete = products.size === config.prices.length;
    const listed = await stripe.billingPortal.configurations.list({ active: true, limit: 100 });
    const ours = listed.data.find(
      (entry) =>
        entry.metadata?.castloop === PORTAL_CONFIGURATION_METADATA.castloop &&
        (entry.metadata?.castloop_prices ?? covered) === covered,
    );
    if (ours !== undefined) return { id: ours.id, complete };
    const made = await stripe.billingPortal.configurations.create(
      portalConfigurationParams(products, config),
      // Two first visitors at once make one configuration, not two; the hour in the key lets a
      // configuration deleted in the Dashboard be made anew rather than replayed for a day.
      {
        idempotencyKey: `castloop-portal-configuration-${[...products.keys()].join("-")}-${Math.floor(Date.now() / 3_600_000)}`,
      },
    );
    return { id: made.id, complete };
  }

  async function session(customer: string, subscription: string): Promise<string> {
    // Found once per process; a failure, or one missing a plan, is looked for again next time.
    const found = (configuration ??= findOrCreate().catch((error: unknown) => {
      configuration = undefined;
      throw error;
    }));
    if (!(await found).complete) configuration = undefined;
    const created = await stripe.billingPortal.sessions.create({
      customer,
      return_url: config.returnUrl,
      configuration: (await found).id,
      flow_data: {
        type: "subscription_update",
        subscription_update: { subscription },
      },
    });
    return created.url;
  }

  /** Our own configuration gone from Stripe (deleted in the Dashboard): find or make it anew. */
  const lostOurs = (error: unknown) =>
    config.configuration === undefined &&
    error instanceof Stripe.errors.StripeInvalidRequestError &&
    error.code === "resource_missing" &&
    error.param === "configuration";

  return {
    async openUpdate(customer, subscription) {
      try {
        try {
          return await session(customer, subscription);
        } catch (error) {
          if (!lostOurs(error)) throw error;
          configuration = undefined;
          return await session(customer, subscription);
        }
      } catch (error) {
        throw toBillingError(error);
      }
    },
  };
}
