import { PageHeader } from "~/components/layout/page-header";
import { SupportEmailLink } from "~/ui/support-email-link";
import { accessibilityStatement as statement } from "~/data/accessibility-statement";
import { formatLongDate } from "~/lib/dates";
import { fixedPages } from "~/site/pages";
import { metaFromLoader } from "~/site/route-meta";
import { buildMeta } from "~/site/seo";

export const loader = () => ({ meta: buildMeta(fixedPages.accessibility) });

export const meta = metaFromLoader;

export default function Accessibility() {
  return (
    <article>
      <PageHeader title={statement.title}>{statement.intro}</PageHeader>
      <div className="mx-auto max-w-3xl space-y-10 px-4 py-12 text-lg leading-8 sm:px-6">
        <section aria-labelledby="a11y-standard">
          <h2 id="a11y-standard" className="text-2xl font-bold">
            {statement.standard.heading}
          </h2>
          {statement.standard.paragraphs.map((text) => (
            <p key={text} className="mt-4">
              {text}
            </p>
          ))}
        </section>
        {[
          { id: "a11y-testing", ...statement.testing },
          { id: "a11y-limits", ...statement.limits },
        ].map((part) => (
          <section key={part.id} aria-labelledby={part.id}>
            <h2 id={part.id} className="text-2xl font-bold">
              {part.heading}
            </h2>
            <ul className="mt-4 list-disc space-y-3 pl-6">
              {part.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </section>
        ))}
        <section aria-labelledby="a11y-contact">
          <h2 id="a11y-contact" className="text-2xl font-bold">
            {statement.contact.heading}
          </h2>
          <p className="mt-4">
            {statement.contact.lead} <SupportEmailLink /> {statement.contact.rest}
          </p>
        </section>
        <p>
          {statement.reviewedLabel}{" "}
          <time dateTime={statement.reviewed}>{formatLongDate(statement.reviewed)}</time>.
        </p>
      </div>
    </article>
  );
}
