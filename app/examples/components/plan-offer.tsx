import { useId } from "react";
import { CheckoutButton } from "~/plans/checkout/components/checkout-button";
import { RenewalNote } from "~/plans/billing/components/renewal-note";
import type { PlanOffer as Offer } from "~/examples/example-assets";
import { plans, pricingPath } from "~/plans/plans";

/**
 * Which plans include an asset, and a button that starts checkout for the cheapest of them.
 * The loader works both out from app/plans/plans.ts (see planOffer), so no plan logic ships.
 */
export function PlanOffer({ offer }: { offer: Offer }) {
  const noteId = useId();
  const plan = plans.find((candidate) => candidate.priceId === offer.cheapest?.priceId);
  return (
    <div className="mt-8 flex max-w-3xl flex-col gap-3 rounded-xl bg-muted p-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm leading-6">
        <span className="font-semibold">{offer.included}.</span>{" "}
        <a href={pricingPath} className="font-medium text-primary underline underline-offset-4">
          Compare plans
        </a>
      </p>
      {offer.cheapest && plan ? (
        <div data-price-block="" className="flex shrink-0 flex-col gap-1 sm:max-w-64">
          <CheckoutButton priceId={offer.cheapest.priceId} size="sm" aria-describedby={noteId}>
            {offer.cheapest.label}
          </CheckoutButton>
          <RenewalNote plan={plan} id={noteId} />
        </div>
      ) : null}
    </div>
  );
}
