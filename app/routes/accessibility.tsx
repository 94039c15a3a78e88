import { PageHeader } from "~/components/layout/page-header";
import { SupportEmailLink } from "~/ui/support-email-link";
import { accessibilityStatement as statement } from "~/data/accessibility-statement";
import { formatLongDate } from "~/lib/dates";
import { fixedPages } from "~/site/pages";
import { metaFromLoader } from "~/site/route-meta";
import { buildMeta } from "~/site/seo";

export const loader = () => ({ meta: buildMeta(fixedPages.accessibility) });

export const meta = metaFromLoader;

const heading = "text-2xl font-bold";

export default function Accessibility() {
  const { enforcement } = statement;
  return (
    <article>
      <PageHeader title={statement.title}>{statement.intro}</PageHeader>
      <div className="mx-auto max-w-3xl space-y-10 px-4 py-12 text-lg leading-8 sm:px-6">
        <section aria-labelledby="a11y-standard">
          <h2 id="a11y-standard" className={heading}>
            {statement.standard.heading}
          </h2>
          {statement.standard.paragraphs.map((text) => (
            <p key={text} className="mt-4">
              {text}
            </p>
          ))}
        </section>
        <section aria-labelledby="a11y-status" data-conformance-status="">
          <h2 id="a11y-status" className={heading}>
            {statement.status.heading}
          </h2>
          <p className="mt-4 font-semibold">{statement.status.term}.</p>
          {statement.status.paragraphs.map((text) => (
            <p key={text} className="mt-4">
              {text}
            </p>
          ))}
        </section>
        <section aria-labelledby="a11y-scope">
          <h2 id="a11y-scope" className={heading}>
            {statement.scope.heading}
          </h2>
          {statement.scope.paragraphs.map((text) => (
            <p key={text} className="mt-4">
              {text}
            </p>
          ))}
          <p className="mt-4">
            {statement.scope.alternativeLead} <SupportEmailLink /> {statement.scope.alternativeRest}
          </p>
        </section>
        <section aria-labelledby="a11y-testing">
          <h2 id="a11y-testing" className={heading}>
            {statement.testing.heading}
          </h2>
          <ul className="mt-4 list-disc space-y-3 pl-6">
            {statement.testing.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="a11y-limits">
          <h2 id="a11y-limits" className={heading}>
            {statement.limits.heading}
          </h2>
          <ul className="mt-4 space-y-6">
            {statement.limits.items.map((item) => (
              <li key={item.criterion}>
                <h3 className="text-xl font-semibold">{item.criterion}</h3>
                <p className="mt-2">{item.limit}</p>
                <p className="mt-2">
                  <span className="font-semibold">Why: </span>
                  {item.reason}
                </p>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="a11y-contact">
          <h2 id="a11y-contact" className={heading}>
            {statement.contact.heading}
          </h2>
          <p className="mt-4">
            {statement.contact.lead} <SupportEmailLink /> {statement.contact.rest}
          </p>
        </section>
        <section aria-labelledby="a11y-enforcement" data-complaints-body="">
          <h2 id="a11y-enforcement" className={heading}>
            {enforcement.heading}
          </h2>
          <p className="mt-4">{enforcement.lead}</p>
          <ul className="mt-4 list-disc space-y-3 pl-6">
            {enforcement.bodies.map((body) => (
              <li key={body.market}>
                {body.market}:{" "}
                <a href={body.url} className="font-semibold text-primary underline">
                  {body.name}
                </a>
              </li>
            ))}
          </ul>
          {enforcement.microenterprise === null ? null : (
            <p className="mt-4">{enforcement.microenterprise}</p>
          )}
        </section>
        <p>
          {statement.reviewedLabel}{" "}
          <time dateTime={statement.reviewed}>{formatLongDate(statement.reviewed)}</time>.
        </p>
      </div>
    </article>
  );
}
