import { comparisonCopy, comparisonRows, type ComparisonValue } from "~/plans/plan-comparison";
import type { Plan } from "~/plans/plans";
import { cn } from "~/lib/cn";
import { PlanCta } from "../checkout/components/plan-cta";

/**
 * Below the desktop breakpoint only one plan's column shows, beside the feature names: the
 * radio buttons pick it, through CSS alone, so the choice works from the first paint.
 */
function perPlanViewCss(plans: readonly Plan[]): string {
  const rules = plans.map(
    (plan) =>
      `.plan-compare:has([name="compare-plan"][value="${plan.priceId}"]:not(:checked)) [data-plan="${plan.priceId}"]{display:none}`,
  );
  return `@media (width < 64rem){${rules.join("")}}`;
}

export function PlanComparisonSection({
  plans,
  className,
}: {
  plans: readonly Plan[];
  className?: string;
}) {
  const shown = plans.find((plan) => plan.popular) ?? plans[0];
  const rows = comparisonRows(plans);
  return (
    <section
      id={comparisonCopy.anchor}
      aria-labelledby="compare-heading"
      className={cn("mx-auto max-w-6xl px-4 pb-20 sm:px-6", className)}
    >
      <h2 id="compare-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
        {comparisonCopy.heading}
      </h2>
      <p className="mt-4 max-w-3xl text-lg leading-8 text-muted-foreground">
        {comparisonCopy.intro}
      </p>
      <div className="plan-compare mt-8">
        <style>{perPlanViewCss(plans)}</style>
        <fieldset className="mb-6 lg:hidden">
          <legend className="mb-3 font-semibold">{comparisonCopy.pickLegend}</legend>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {plans.map((plan) => (
              <label
                key={plan.priceId}
                className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border-2 border-border px-3 py-2 font-semibold has-checked:border-primary has-checked:bg-muted"
              >
                <input
                  type="radio"
                  name="compare-plan"
                  value={plan.priceId}
                  defaultChecked={plan === shown}
                  className="size-5 accent-primary"
                />
                {plan.name}
              </label>
            ))}
          </div>
        </fieldset>
        {/* Where :has() is unsupported every column shows; this scroller then holds the table. */}
        <div className="max-lg:overflow-x-auto">
          <table className="w-full table-fixed border-separate border-spacing-0 text-left">
            <caption className="mb-4 text-left text-sm text-muted-foreground">
              {comparisonCopy.caption}
            </caption>
            {/* Only the plan names stay in view while the rows scroll: the calls to action carry
                their full renewal terms, so they open the body rather than stick over it. */}
            <thead className="z-10 bg-white lg:sticky lg:top-16">
              <tr>
                <td className="w-3/5 lg:w-1/4" />
                {plans.map((plan) => (
                  <th
                    key={plan.priceId}
                    scope="col"
                    data-plan={plan.priceId}
                    className={cn(
                      "px-2 pt-4 pb-2 text-center align-bottom text-xl font-bold",
                      plan.popular && "rounded-t-xl bg-muted",
                    )}
                  >
                    {plan.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row" className="border-b-2 border-border">
                  <span className="sr-only">Choose a plan</span>
                </th>
                {plans.map((plan) => (
                  <td
                    key={plan.priceId}
                    data-plan={plan.priceId}
                    className={cn(
                      "border-b-2 border-border px-2 pb-4 text-center",
                      plan.popular && "bg-muted",
                    )}
                  >
                    <PlanCta
                      plan={plan}
                      size="sm"
                      className="w-full max-lg:px-2 max-lg:whitespace-normal"
                    />
                  </td>
                ))}
              </tr>
              {rows.map((row) => (
                <tr key={row.name}>
                  <th
                    scope="row"
                    className="border-b border-border py-3 pr-3 align-top font-semibold"
                  >
                    {row.name}
                    <span className="block text-sm font-normal text-muted-foreground">
                      {row.description}
                    </span>
                  </th>
                  {row.values.map((value, index) => (
                    <td
                      key={plans[index]!.priceId}
                      data-plan={plans[index]!.priceId}
                      className={cn(
                        "border-b border-border px-2 py-3 text-center align-top",
                        plans[index]!.popular && "bg-muted",
                      )}
                    >
                      {cellContent(value)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}

/**
 * A cell's content. Called as a function and drawn with CSS rather than icon components: the
 * table has 52 value cells, and each component and SVG is one more node for React to hydrate.
 */
function cellContent(value: ComparisonValue) {
  if (typeof value === "string") return <span className="font-semibold">{value}</span>;
  return value ? (
    <>
      <span
        aria-hidden="true"
        className="mx-auto mt-0.5 block h-3.5 w-2 rotate-45 border-r-2 border-b-2 border-success"
      />
      <span className="sr-only">{comparisonCopy.included}</span>
    </>
  ) : (
    <>
      <span aria-hidden="true" className="mx-auto mt-3 block h-0.5 w-3.5 bg-muted-foreground" />
      <span className="sr-only">{comparisonCopy.notIncluded}</span>
    </>
  );
}
