/** docs/product.md's articles, newest first, with the date as the listing shows it. */
export const articles = [
  {
    slug: "content-repurposing",
    title: "7 Smart Ways to Repurpose Your Podcast Content",
    category: "Content Strategy",
    date: "Mar 15, 2025",
    iso: "2025-03-15",
  },
  {
    slug: "social-media-growth",
    title: "How to Grow Your Podcast Audience Through Social Media",
    category: "Growth",
    date: "Mar 8, 2025",
    iso: "2025-03-08",
  },
  {
    slug: "podcast-seo",
    title: "The Ultimate Guide to Podcast SEO",
    category: "SEO",
    date: "Feb 28, 2025",
    iso: "2025-02-28",
  },
  {
    slug: "audiograms",
    title: "Creating Compelling Audiograms for Your Podcast",
    category: "Production",
    date: "Feb 20, 2025",
    iso: "2025-02-20",
  },
  {
    slug: "podcast-analytics",
    title: "Podcast Analytics: What Metrics Really Matter",
    category: "Analytics",
    date: "Feb 12, 2025",
    iso: "2025-02-12",
  },
] as const;

/**
 * Every route of docs/product.md's table with the main heading it must show, and whether it hydrates:
 * only a page with a control that cannot work without a script ships JavaScript (ADR 009).
 */
export const siteRoutes = [
  { path: "/", h1: "One episode in. A week of content out." },
  { path: "/features", h1: "Features" },
  { path: "/pricing", h1: "Pricing", hydrates: true },
  { path: "/about", h1: "About Castloop" },
  { path: "/contact", h1: "Contact Us", hydrates: true },
  { path: "/testimonials", h1: "What Our Customers Say" },
  { path: "/blog", h1: "Podcast Growth Blog" },
  ...articles.map(({ slug, title }) => ({ path: `/blog/${slug}`, h1: title })),
  { path: "/tools", h1: "Our Content Tools" },
  { path: "/feed-check", h1: "Podcast Feed Check", hydrates: true },
  { path: "/examples", h1: "Examples" },
  { path: "/examples/open-kitchen-hours", h1: "Pricing the loaf", hydrates: true },
  {
    path: "/examples/the-slow-build",
    h1: "Building in public without burning out",
    hydrates: true,
  },
  { path: "/help", h1: "Help Center", hydrates: true },
  { path: "/terms", h1: "Terms of Service" },
  { path: "/privacy", h1: "Privacy Policy" },
  { path: "/cookies", h1: "Cookie Policy" },
  { path: "/accessibility", h1: "Accessibility Statement" },
  { path: "/success", h1: "Subscription Successful!" },
  { path: "/cancel", h1: "Cancel your subscription" },
  { path: "/cancel/requested", h1: "Cancellation received" },
  { path: "/cancel/keep", h1: "Keep your subscription", hydrates: true },
  { path: "/cancel/kept", h1: "Subscription kept" },
  { path: "/withdraw", h1: "Withdraw from your contract" },
  { path: "/withdraw/received", h1: "Withdrawal received" },
  { path: "/change-plan", h1: "Change your plan" },
  { path: "/change-plan/sent", h1: "Check your e-mail" },
  { path: "/change-plan/confirm", h1: "Change your plan", hydrates: true },
  { path: "/change-plan/end-older", h1: "End your older subscription", hydrates: true },
  { path: "/change-plan/ended", h1: "Your older subscription" },
] as const satisfies readonly { path: string; h1: string; hydrates?: true }[];

/** Whether the route ships JavaScript. The not-found page does not: Go Back is an inline script. */
export const hydrates = (route: (typeof siteRoutes)[number]): boolean =>
  "hydrates" in route && route.hydrates;
