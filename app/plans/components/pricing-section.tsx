import { Check, Minus } from "lucide-react";
import { Badge } from "~/ui/badge";
import {
  costPerEpisodeCents,
  planFeatureRows,
  startsCheckout,
  type Plan,
  type PlanFeatureValue,
} from "~/plans/plans";
import { pricingCopy } from "~/plans/billing/pricing-copy";
import { cn } from "~/lib/cn";
import { formatCents, formatEpisodes, formatPrice } from "~/lib/format";
import { PlanCta } from "../checkout/components/plan-cta";
import { changePlanLabel, changePlanPath } from "~/plans/billing/subscription-terms";
import { SectionHeading } from "~/ui/section-heading";

export function PricingSection({
  plans,
  headingLevel = "h2",
  className,
}: {
  plans: readonly Plan[];
  /** On /pricing the section's heading is the page's h1. */
  headingLevel?: "h1" | "h2";
  className?: string;
}) {
  const intro = pricingCopy.intro;
  return (
    <section
      aria-labelledby="pricing-heading"
      className={cn("mx-auto max-w-6xl px-4 py-20 sm:px-6", className)}
    >
      {headingLevel === "h1" ? (
        <div className="mx-auto max-w-2xl text-center">
          <h1 id="pricing-heading" className="text-4xl font-extrabold tracking-tight sm:text-5xl">
            Pricing
          </h1>
          <p className="mt-5 text-lg leading-8 text-muted-foreground">{intro}</p>
          {/* A subscriber who presses Subscribe again would pay for two subscriptions. */}
          <p className="mt-3 leading-7 text-foreground" data-change-plan-note="">
            Already subscribed? Use{" "}
            <a href={changePlanPath} className="font-semibold text-primary underline">
              {changePlanLabel}
            </a>{" "}
            rather than Subscribe: the subscription you have is the one that moves, so you never pay
            for two.
          </p>
        </div>
      ) : (
        <SectionHeading id="pricing-heading" eyebrow="Pricing" title="Simple plans for every show">
          {intro}
        </SectionHeading>
      )}
      <ul className="mt-14 grid gap-6 md:grid-cols-2 xl:grid-cols-4">
        {plans.map((plan) => (
          <li key={plan.name} className="flex">
            <PlanCard plan={plan} headingLevel={headingLevel === "h1" ? "h2" : "h3"} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function PlanCard({ plan, headingLevel }: { plan: Plan; headingLevel: "h2" | "h3" }) {
  const headingId = `plan-${plan.priceId}`;
  const Heading = headingLevel;
  const perEpisode = costPerEpisodeCents(plan);
  return (
    <article
      aria-labelledby={headingId}
      // Its price's "taxes included" is in the renewal note under the button.
      data-price-block={startsCheckout(plan) ? "" : undefined}
      className={cn(
        "relative flex flex-1 flex-col rounded-2xl border bg-white p-6 shadow-sm",
        plan.popular ? "border-primary ring-2 ring-primary" : "border-border",
      )}
    >
      <div className="flex items-center justify-between gap-2">
        <Heading id={headingId} className="text-xl font-bold">
          {plan.name}
        </Heading>
        {plan.popular ? <Badge variant="pro">Most Popular</Badge> : null}
      </div>
      <p className="mt-4 flex items-baseline gap-1">
        <span className="text-4xl font-extrabold tracking-tight">{formatPrice(plan.price)}</span>
        {plan.price === "Custom" ? null : <span className="text-muted-foreground">/month</span>}
      </p>
      <p className="mt-1 font-medium">{formatEpisodes(plan.episodesPerMonth)}</p>
      {perEpisode === null ? null : (
        <p className="text-sm text-muted-foreground">
          {formatCents(perEpisode)} {pricingCopy.perEpisode}
        </p>
      )}
      <p className="mt-3 text-sm leading-6 text-muted-foreground">{plan.summary}</p>
      <div className="mt-6">
        <PlanCta plan={plan} className="w-full" />
      </div>
      <ul className="mt-6 space-y-3 border-t border-border pt-6 text-sm">
        {planFeatureRows.map((row) => (
          <FeatureValue
            key={row.name}
            name={row.name}
            description={row.description}
            value={plan.features[row.name]}
          />
        ))}
      </ul>
    </article>
  );
}

function FeatureValue({
  name,
  description,
  value,
}: {
  name: string;
  description: string;
  value: PlanFeatureValue;
}) {
  const included = value !== false;
  return (
    <li className={cn("flex gap-3", included ? "" : "text-muted-foreground")}>
      {included ? (
        <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
      ) : (
        <Minus aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      )}
      <span>
        <span className="font-medium">
          {name}
          {typeof value === "string" ? `: ${value}` : null}
        </span>
        <span className="sr-only">{included ? " (included)" : " (not included)"}</span>
        <span className="block text-xs leading-5 text-slate-600">{description}</span>
      </span>
    </li>
  );
}
