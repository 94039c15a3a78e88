import { ChevronDown } from "lucide-react";
import { billingFaqCopy, type BillingFaq } from "~/data/billing-faqs";
import { cn } from "~/lib/cn";
import { SupportEmailLink } from "~/components/layout/support-email-link";

/** Native disclosures: every answer opens from the first paint, and reads without JavaScript. */
export function BillingFaqSection({
  faqs,
  className,
}: {
  faqs: readonly BillingFaq[];
  className?: string;
}) {
  return (
    <section
      id={billingFaqCopy.anchor}
      aria-labelledby="billing-heading"
      className={cn("mx-auto max-w-3xl px-4 py-20 sm:px-6", className)}
    >
      <h2 id="billing-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
        {billingFaqCopy.heading}
      </h2>
      <p className="mt-4 text-lg leading-8 text-muted-foreground">{billingFaqCopy.intro}</p>
      <div className="mt-8 border-t border-border">
        {faqs.map((item) => (
          <details key={item.id} id={`billing-${item.id}`} className="group border-b border-border">
            <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-4 py-4 text-lg font-semibold hover:text-primary [&::-webkit-details-marker]:hidden">
              {item.question}
              <ChevronDown
                aria-hidden="true"
                className="size-5 shrink-0 transition-transform group-open:rotate-180"
              />
            </summary>
            <p className="pb-5 leading-7 text-muted-foreground">{item.answer}</p>
          </details>
        ))}
      </div>
      <p className="mt-8 text-muted-foreground">
        {billingFaqCopy.contactLead} <SupportEmailLink />.
      </p>
    </section>
  );
}
