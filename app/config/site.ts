import { brand } from "~/config/brand";
import { env } from "~/config/env";
import { SITE_PATHS } from "../../supabase/functions/_shared/contract.ts";

export type NavLink = { label: string; href: string };

/** The one place for the site's configured URLs, contacts and navigation, on top of the brand. */
export const siteConfig = {
  ...brand,
  url: env.SITE_URL.replace(/\/+$/, ""),
  supportEmail: env.VITE_SUPPORT_EMAIL,
  signupUrl: env.VITE_SIGNUP_URL,
  contactUrl: env.VITE_CONTACT_URL,
  /** Stripe's customer-portal login link; null when the build has none (cancel by e-mail). */
  billingPortalUrl: env.VITE_BILLING_PORTAL_URL === "" ? null : env.VITE_BILLING_PORTAL_URL,
  /** Whether each new subscriber gets the confirmation e-mail (the webhook is configured). */
  confirmationEmail: env.VITE_CONFIRMATION_EMAIL === "true",
  creatorsServed: "200+",
  mainNav: [
    { label: "Home", href: "/" },
    { label: "Features", href: "/features" },
    { label: "Pricing", href: SITE_PATHS.pricing },
    { label: "Blog", href: "/blog" },
    { label: "About", href: "/about" },
  ],
  footerNav: [
    {
      title: "Product",
      links: [
        { label: "Features", href: "/features" },
        { label: "Pricing", href: SITE_PATHS.pricing },
        { label: "Content tools", href: "/tools" },
        { label: "Feed check", href: "/feed-check" },
        { label: "Examples", href: "/examples" },
        { label: "Testimonials", href: "/testimonials" },
      ],
    },
    {
      title: "Company",
      links: [
        { label: "About", href: "/about" },
        { label: "Blog", href: "/blog" },
        { label: "Help Center", href: "/help" },
        { label: "Contact", href: "/contact" },
      ],
    },
    {
      title: "Legal",
      links: [
        { label: "Terms of Service", href: "/terms" },
        { label: "Privacy Policy", href: "/privacy" },
        { label: "Cookie Policy", href: "/cookies" },
        { label: "Accessibility", href: "/accessibility" },
      ],
    },
  ],
} as const satisfies {
  mainNav: readonly NavLink[];
  footerNav: readonly { title: string; links: readonly NavLink[] }[];
  [key: string]: unknown;
};

/** An absolute URL on this site for a path such as `/pricing`. */
export function absoluteUrl(path: string): string {
  return new URL(path, `${siteConfig.url}/`).toString();
}

/** True for links that leave the site (the external sign-up and contact forms). */
export function isExternalUrl(href: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(href);
}
