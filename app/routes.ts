import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { listSlugs } from "./content/collections.server";

// Every page has a fixed path (docs/product.md: no route takes a parameter), so each article and legal
// page is its own route entry. Unknown paths, /blog/anything included, fall to the not-found route.
export default [
  index("routes/home.tsx"),
  route("features", "routes/features.tsx"),
  route("pricing", "routes/pricing.tsx"),
  route("about", "routes/about.tsx"),
  route("contact", "routes/contact.tsx"),
  route("testimonials", "routes/testimonials.tsx"),
  route("blog", "routes/blog-index.tsx"),
  ...listSlugs("blog").map((slug) =>
    route(`blog/${slug}`, "routes/blog-post.tsx", { id: `blog/${slug}` }),
  ),
  route("tools", "routes/tools.tsx"),
  route("feed-check", "routes/feed-check.tsx"),
  route("examples", "routes/examples.tsx"),
  ...listSlugs("kits").map((slug) =>
    route(`examples/${slug}`, "routes/example-kit.tsx", { id: `examples/${slug}` }),
  ),
  route("help", "routes/help.tsx"),
  ...listSlugs("legal").map((slug) => route(slug, "routes/legal.tsx", { id: `legal/${slug}` })),
  route("accessibility", "routes/accessibility.tsx"),
  route("success", "routes/success.tsx"),
  route("cancel", "routes/cancel.tsx"),
  route("cancel/requested", "routes/cancel-requested.tsx"),
  route("cancel/keep", "routes/cancel-keep.tsx"),
  route("cancel/kept", "routes/cancel-kept.tsx"),
  route("change-plan", "routes/change-plan.tsx"),
  route("change-plan/sent", "routes/change-plan-sent.tsx"),
  route("change-plan/confirm", "routes/change-plan-confirm.tsx"),
  route("change-plan/end-older", "routes/change-plan-end-older.tsx"),
  route("change-plan/ended", "routes/change-plan-ended.tsx"),
  route("withdraw", "routes/withdraw.tsx"),
  route("withdraw/received", "routes/withdraw-received.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
