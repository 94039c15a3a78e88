import { billingFaqCopy, type BillingFaq } from "~/plans/billing/billing-faqs";
import { Disclosure } from "~/ui/disclosure";
import { cn } from "~/lib/cn";
import { SupportEmailLink } from "~/ui/support-email-link";

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
          <Disclosure key={item.id} id={`billing-${item.id}`} summary={item.question}>
            <p>{item.answer}</p>
            {item.link ? (
              <p className="mt-2">
                <a href={item.link.href} className="font-semibold text-primary underline">
                  {item.link.label}
                </a>
              </p>
            ) : null}
          </Disclosure>
        ))}
      </div>
      <p className="mt-8 text-muted-foreground">
        {billingFaqCopy.contactLead} <SupportEmailLink />.
      </p>
    </section>
  );
}
