import { Badge, type BadgeVariant } from "~/ui/badge";
import { featuredKitPath, type Feature } from "~/data/feature-list";
import { SectionHeading } from "~/ui/section-heading";
import { planRangeLabel, planRangeStart } from "~/plans/plan-range";

/** The badge's color: by the smallest plan that includes the format. */
const rangeBadge: readonly BadgeVariant[] = ["every", "pro", "expert"];

export function FeatureGridSection({
  features,
  headingLevel = "h2",
}: {
  features: readonly Feature[];
  /** On /features the grid's heading is the page's h1. */
  headingLevel?: "h1" | "h2";
}) {
  const CardHeading = headingLevel === "h1" ? "h2" : "h3";
  const title = "Everything one episode can become";
  const intro =
    "Eight formats from a single upload. Each card names the plans that include it, from the same table as the pricing page.";
  return (
    <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
      {headingLevel === "h1" ? (
        <div className="mx-auto max-w-2xl text-center">
          <h1 id="features-heading" className="text-4xl font-extrabold tracking-tight sm:text-5xl">
            Features
          </h1>
          <p className="mt-5 text-lg leading-8 text-muted-foreground">
            {title}. {intro}
          </p>
        </div>
      ) : (
        <SectionHeading id="features-heading" eyebrow="Features" title={title}>
          {intro}
        </SectionHeading>
      )}
      <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {features.map((feature) => {
          const Icon = feature.icon;
          return (
            <li
              key={feature.title}
              className="flex flex-col rounded-2xl border border-border bg-white p-6 shadow-sm"
            >
              <div className="flex items-start justify-between gap-3">
                <span className="grid size-11 place-items-center rounded-xl bg-muted text-primary">
                  <Icon aria-hidden="true" />
                </span>
                <Badge variant={rangeBadge[planRangeStart([feature.row])] ?? "expert"}>
                  <span className="sr-only">Included in: </span>
                  {planRangeLabel([feature.row])}
                </Badge>
              </div>
              <CardHeading className="mt-5 text-lg font-semibold">{feature.title}</CardHeading>
              <p className="mt-2 leading-7 text-muted-foreground">{feature.description}</p>
              {/* A plain anchor: the home page renders this grid as static markup (no router). */}
              <a
                href={`${featuredKitPath}#${feature.example}`}
                className="mt-auto inline-flex min-h-11 items-end self-start pt-3 font-semibold text-primary underline underline-offset-4"
              >
                See an example<span className="sr-only">: {feature.title}</span>
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
