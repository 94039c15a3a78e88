import type { MetaDescriptor } from "react-router";
import { absoluteUrl, siteConfig } from "~/config/site";
import type { Author } from "~/content/authors";
import type { FaqItem } from "~/plans/billing/faqs";
import { plans, pricingPath } from "~/plans/plans";
import { jsonLd } from "~/site/seo";

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

/**
 * The service as a Product with one Offer per plan; Agency is priced on request. The cost per
 * episode stays out: UnitPriceSpecification is a price asked, and no plan is charged per episode.
 */
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
        url: absoluteUrl(pricingPath),
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

export type Crumb = { name: string; path: string };

export function breadcrumbJsonLd(crumbs: readonly Crumb[]): MetaDescriptor[] {
  return [
    jsonLd({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: crumbs.map((crumb, index) => ({
        "@type": "ListItem",
        position: index + 1,
        name: crumb.name,
        item: absoluteUrl(crumb.path),
      })),
    }),
  ];
}

export type BlogPostingInput = {
  title: string;
  excerpt: string;
  /** ISO date, yyyy-mm-dd. */
  date: string;
  /** ISO date of the last substantive change, when there was one. */
  updated?: string;
  author: Pick<Author, "name" | "role" | "bio">;
  /** Site path of the cover image. */
  image: string;
  category: string;
  path: string;
  wordCount: number;
};

/** The article itself; an article never changed since publication was modified on that day. */
export function blogPostingJsonLd(post: BlogPostingInput): MetaDescriptor[] {
  const url = absoluteUrl(post.path);
  return [
    jsonLd({
      "@context": "https://schema.org",
      "@type": "BlogPosting",
      headline: post.title,
      description: post.excerpt,
      datePublished: post.date,
      dateModified: post.updated ?? post.date,
      author: {
        "@type": "Person",
        name: post.author.name,
        jobTitle: post.author.role,
        description: post.author.bio,
        worksFor: { "@id": absoluteUrl("/#organization") },
      },
      image: absoluteUrl(post.image),
      url,
      mainEntityOfPage: { "@type": "WebPage", "@id": url },
      publisher: organization(),
      articleSection: post.category,
      wordCount: post.wordCount,
      inLanguage: siteConfig.language,
    }),
  ];
}
