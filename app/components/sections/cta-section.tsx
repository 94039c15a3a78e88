import { CheckoutButton } from "~/plans/checkout/components/checkout-button";
import { checkoutNoticesHtml } from "~/plans/checkout/checkout-notices";
import { RenewalNote } from "~/plans/billing/components/renewal-note";
import { guaranteeShort } from "~/plans/billing/guarantee";
import { ctaBandPlan } from "~/plans/plans";

export function CtaSection() {
  return (
    <section aria-labelledby="cta-heading" className="bg-ink text-ink-foreground">
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-6 px-4 py-16 text-center sm:px-6">
        {/* Every page with a Subscribe control has this band: a checkout form post that fails
            comes back here, at its notice (app/plans/checkout/checkout-notices.ts). */}
        <div
          className="contents"
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? checkoutNoticesHtml() : "" }}
        />
        <h2 id="cta-heading" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          Ready to get more from every episode?
        </h2>
        <p className="max-w-2xl text-lg leading-8 text-ink-muted">
          Start on the {ctaBandPlan.name} plan: the full repurpose kit for{" "}
          {ctaBandPlan.episodesPerMonth} episodes a month, with {guaranteeShort}.
        </p>
        <div className="flex max-w-md flex-col items-center gap-2">
          <CheckoutButton
            priceId={ctaBandPlan.priceId}
            variant="inverse"
            size="lg"
            aria-describedby="cta-renewal"
          >
            {ctaBandPlan.ctaLabel}
          </CheckoutButton>
          <RenewalNote plan={ctaBandPlan} id="cta-renewal" inverse />
        </div>
      </div>
    </section>
  );
}
