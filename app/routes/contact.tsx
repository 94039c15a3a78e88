import { ContactForm } from "~/contact/components/contact-form";
import { PageHeader } from "~/components/layout/page-header";
import { consumerPhoneHref, legalConfig } from "~/config/legal-entity";
import { siteConfig } from "~/config/site";
import { fixedPages } from "~/site/pages";
import { metaFromLoader } from "~/site/route-meta";
import { buildMeta } from "~/site/seo";
import type { RouteHandle } from "~/lib/hydration";

export const loader = () => ({ meta: buildMeta(fixedPages.contact) });

export const handle: RouteHandle = {
  hydrate:
    "The contact form checks its fields as the visitor types and opens the mail app with the message.",
};

export const meta = metaFromLoader;

export default function Contact() {
  return (
    <>
      <PageHeader title="Contact Us">
        Have a question about plans, billing or your show? Send us a message and we'll get back to
        you soon.
      </PageHeader>
      <section className="mx-auto max-w-2xl px-4 py-12 sm:px-6">
        <ContactForm address={siteConfig.supportEmail} />
        <p className="mt-10 text-muted-foreground">
          Prefer your own e-mail program? Write to us at{" "}
          <a
            className="font-semibold text-primary underline"
            href={`mailto:${siteConfig.supportEmail}`}
          >
            {siteConfig.supportEmail}
          </a>
          .
        </p>
        <p className="mt-4 text-muted-foreground" data-consumer-phone="">
          Prefer to talk? Call us on{" "}
          <a className="font-semibold text-primary underline" href={consumerPhoneHref}>
            {legalConfig.consumerPhone.number}
          </a>{" "}
          ({legalConfig.consumerPhone.hours}), or write to {legalConfig.entityName},{" "}
          {legalConfig.postalAddress}.
        </p>
      </section>
    </>
  );
}
