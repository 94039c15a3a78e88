import type { MetaDescriptor } from "react-router";
import { absoluteUrl, siteConfig } from "~/config/site";
import type { FaqItem } from "~/data/faqs";
import { plans } from "~/data/plans";
import { jsonLd } from "~/lib/seo";

const organization = () => ({
  "@type": "Organization",
  "@id": absoluteUrl("/#organization"),
  name: siteConfig.name,
  url: absoluteUrl("/"),
  logo: absoluteUrl("/icon-512.png"),
  email: siteConfig.supportEmail,
});

export function homeJsonLd(): MetaDescriptor[] {
  return [
    jsonLd({ "@context": "https://schema.org", ...organization() }),
    jsonLd({
      "@context": "https://schema.org",
      "@type": "WebSite",
      name: siteConfig.name,
      url: absoluteUrl("/"),
      description: siteConfig.description,
      publisher: { "@id": absoluteUrl("/#organization") },
      inLanguage: siteConfig.language,
    }),
  ];
}

/** The service as a Product with one Offer per plan; Agency is priced on request. */
export function pricingJsonLd(): MetaDescriptor[] {
  return [
    jsonLd({
      "@context": "https://schema.org",
      "@type": "Product",
      name: siteConfig.name,
      description: siteConfig.description,
      brand: { "@type": "Brand", name: siteConfig.name },
      offers: plans.map((plan) => ({
        "@type": "Offer",
        name: plan.name,
        description: plan.summary,
        url: absoluteUrl("/pricing"),
        ...(plan.price === "Custom"
          ? {}
          : {
              price: String(plan.price),
              priceCurrency: "USD",
              priceSpecification: {
                "@type": "UnitPriceSpecification",
                price: String(plan.price),
                priceCurrency: "USD",
                unitCode: "MON",
              },
            }),
      })),
    }),
  ];
}

export function faqJsonLd(faqs: readonly FaqItem[]): MetaDescriptor[] {
  return [
    jsonLd({
      "@context": "https://schema.org",
      "@type": "FAQPage",
      mainEntity: faqs.map((item) => ({
        "@type": "Question",
        name: item.question,
        acceptedAnswer: { "@type": "Answer", text: item.answer },
      })),
    }),
  ];
}
