/** Every route of the spec's table with the main heading it must show. */
export const siteRoutes = [
  { path: "/", h1: "One episode in. A week of content out." },
  { path: "/features", h1: "Features" },
  { path: "/pricing", h1: "Pricing" },
  { path: "/about", h1: "About Castloop" },
  { path: "/contact", h1: "Contact Us" },
  { path: "/testimonials", h1: "What Our Customers Say" },
  { path: "/blog", h1: "Podcast Growth Blog" },
  { path: "/blog/content-repurposing", h1: "7 Smart Ways to Repurpose Your Podcast Content" },
  {
    path: "/blog/social-media-growth",
    h1: "How to Grow Your Podcast Audience Through Social Media",
  },
  { path: "/blog/audiograms", h1: "Creating Compelling Audiograms for Your Podcast" },
  { path: "/blog/podcast-seo", h1: "The Ultimate Guide to Podcast SEO" },
  { path: "/blog/podcast-analytics", h1: "Podcast Analytics: What Metrics Really Matter" },
  { path: "/tools", h1: "Our Content Tools" },
  { path: "/help", h1: "Help Center" },
  { path: "/terms", h1: "Terms of Service" },
  { path: "/privacy", h1: "Privacy Policy" },
  { path: "/cookies", h1: "Cookie Policy" },
  { path: "/success", h1: "Subscription Successful!" },
] as const;
