import { legalConfig } from "~/config/legal-entity";
import { sampleContentNotes, type Testimonial } from "~/data/testimonial-quotes";
import { cn } from "~/lib/cn";
import { SectionHeading } from "~/ui/section-heading";
import { StarRating } from "./star-rating";

export function TestimonialsSection({
  testimonials,
  showHeading = true,
  className,
}: {
  testimonials: readonly Testimonial[];
  /** /testimonials prints its own h1 above the list. */
  showHeading?: boolean;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={showHeading ? "testimonials-heading" : undefined}
      aria-label={showHeading ? undefined : "Testimonials"}
      className={cn("bg-muted", className)}
    >
      <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
        {showHeading ? (
          <SectionHeading
            id="testimonials-heading"
            eyebrow="Testimonials"
            title="What Our Customers Say"
          >
            Hosts, producers and marketers who publish more without working more.
          </SectionHeading>
        ) : null}
        {legalConfig.sampleContent ? (
          <p
            data-sample-note=""
            className={cn(
              "rounded-xl border border-border bg-white p-4 text-base leading-7 font-medium text-foreground",
              showHeading ? "mt-10" : "",
            )}
          >
            {sampleContentNotes.testimonials}
          </p>
        ) : null}
        <ul className={cn("grid gap-6 md:grid-cols-2 lg:grid-cols-3", "mt-8")}>
          {testimonials.map((testimonial) => (
            <li key={testimonial.id} className="flex">
              <figure className="flex flex-1 flex-col rounded-2xl border border-border bg-white p-6 shadow-sm">
                <StarRating rating={testimonial.rating} />
                <blockquote className="mt-4 flex-1 leading-7">
                  <p>“{testimonial.quote}”</p>
                </blockquote>
                <figcaption className="mt-6 flex items-center gap-3">
                  <span
                    aria-hidden="true"
                    className="grid size-11 place-items-center rounded-full bg-primary text-sm font-bold text-primary-foreground"
                  >
                    {testimonial.avatar}
                  </span>
                  <span>
                    <span className="block font-semibold">{testimonial.name}</span>
                    <span className="block text-sm text-muted-foreground">{testimonial.role}</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
