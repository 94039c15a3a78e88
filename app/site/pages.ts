import { brand } from "~/config/brand";
import { legalConfig } from "~/config/legal-entity";
import { examplesPath } from "~/examples/example-assets";
import { notFoundPage } from "~/site/not-found-page";
import { plans, pricingPath } from "~/plans/plans";
import { formatPrice } from "~/lib/format";
import { definePage, type PageInput, type PageMeta } from "~/site/page-meta";
import { guaranteeDays, guaranteeShort } from "~/plans/billing/guarantee";
import {
  changePlanPath,
  keepLinkValidity,
  PLAN_LINK_HOURS,
  SITE_PATHS,
  WITHDRAWAL_DAYS,
} from "../../supabase/functions/_shared/contract.ts";

// The pages with a fixed text. Articles and legal pages take theirs from their Markdown front
// matter (app/site/pages.server.ts). Routes read these in their loaders, so none reach the
// browser; the not-found page, whose meta is built in the browser, has a module of its own.

const fixedPageInputs = {
  home: {
    path: "/",
    title: `${brand.name}: ${brand.tagline}`,
    fullTitle: true,
    description: brand.description,
  },
  features: {
    path: "/features",
    title: "Features",
    description:
      "Transcripts, summaries, key points, X threads, LinkedIn posts, carousels, templates and captions: eight formats from every podcast episode.",
  },
  pricing: {
    path: pricingPath,
    title: "Pricing",
    description: `Plans from ${formatPrice(plans[0].price)} a month, taxes included, for ${plans[0].episodesPerMonth} episodes to custom Agency workflows, with ${guaranteeShort}.`,
  },
  examples: {
    path: examplesPath,
    title: "Examples",
    description:
      "Two sample episodes and everything each became: transcripts, summaries, show notes, key points, X threads, LinkedIn posts, captions, carousels and subtitles.",
  },
  about: {
    path: "/about",
    title: "About",
    description: `Why ${brand.name} exists: our mission, our vision, why podcasters choose us and the values behind the product.`,
  },
  contact: {
    path: "/contact",
    title: "Contact Us",
    description: `Questions about plans, billing or your account? Send the ${brand.name} team a message and we will get back to you soon.`,
  },
  testimonials: {
    path: "/testimonials",
    title: "What Our Customers Say",
    // While the testimonials are samples, the share card and the description say so, as the page does.
    ...(legalConfig.sampleContent
      ? { shareImageTitle: "What Our Customers Say (illustrative testimonials)" }
      : {}),
    description: legalConfig.sampleContent
      ? "What hosts, producers and marketers want from repurposing their episodes into transcripts and social posts: illustrative testimonials, written by our team, not quotes from customers."
      : "Podcast hosts, producers and marketers on how repurposing their episodes into transcripts and social posts changed their week.",
  },
  blog: {
    path: "/blog",
    title: "Podcast Growth Blog",
    description:
      "Practical advice on repurposing, social media, SEO, audiograms and analytics for podcast hosts, producers and marketers.",
  },
  tools: {
    path: "/tools",
    title: "Our Content Tools",
    description:
      "Transcription, repurposing, scheduling and SEO tools, each marked with the plans that include it, and the video clips and analytics still to come.",
  },
  feedCheck: {
    path: "/feed-check",
    title: "Podcast Feed Check",
    description:
      "Check your podcast's RSS feed against Apple Podcasts, Spotify and YouTube's rules: what each would refuse today, what to fix first, and a link to every rule's source.",
  },
  help: {
    path: "/help",
    title: "Help Center",
    description: `Answers about audio formats, transcript accuracy, plans, the ${guaranteeDays}-day money-back guarantee and canceling, plus how to reach support.`,
  },
  accessibility: {
    path: "/accessibility",
    title: "Accessibility Statement",
    description: `How far ${brand.name}'s website conforms to WCAG 2.2 AA (partially), how every page is tested, its known limits, and how to report a problem or complain.`,
  },
  success: {
    path: SITE_PATHS.success,
    title: "Subscription Successful",
    description:
      "Thank you for subscribing: your payment went through, and your plan starts today.",
    indexable: false,
  },
  cancel: {
    path: SITE_PATHS.cancel,
    title: "Cancel Your Subscription",
    description:
      "Cancel your subscription online with the e-mail address you used at checkout: one field, one button, no sign-in. The page says before you press it when your subscription stops and what you get back.",
  },
  cancelRequested: {
    path: SITE_PATHS.cancelRequested,
    title: "Cancellation Received",
    description: "Your cancellation request is recorded, and the details go by e-mail.",
    indexable: false,
  },
  cancelKeep: {
    path: SITE_PATHS.cancelKeep,
    title: "Keep Your Subscription",
    description: `Undo a cancellation with the link from our e-mail, which works ${keepLinkValidity}.`,
    indexable: false,
  },
  cancelKept: {
    path: SITE_PATHS.cancelKept,
    title: "Subscription Kept",
    description: "Your cancellation is undone, and your subscription renews as before.",
    indexable: false,
  },
  changePlan: {
    path: changePlanPath,
    title: "Change Your Plan",
    description:
      "Change your plan with the e-mail address you used at checkout: we e-mail you a link to Stripe's page for your subscription, so you never pay for two.",
  },
  changePlanSent: {
    path: `${changePlanPath}/sent`,
    title: "Check Your E-mail",
    description: "If a subscription uses that address, a link to change its plan is on its way.",
    indexable: false,
  },
  changePlanConfirm: {
    path: `${changePlanPath}/confirm`,
    title: "Your Change-Plan Link",
    description: `Change your plan at Stripe with the link from our e-mail, which works once, for ${PLAN_LINK_HOURS} hours.`,
    indexable: false,
  },
  changePlanEndOlder: {
    path: SITE_PATHS.changePlanEndOlder,
    title: "End Your Older Subscription",
    description: `End the older of two subscriptions under one address with the link from the e-mail that confirmed your new one, which works once, for ${PLAN_LINK_HOURS} hours.`,
    indexable: false,
  },
  changePlanEnded: {
    path: SITE_PATHS.changePlanEnded,
    title: "Older Subscription Ended",
    description: "What became of the older subscription you chose to end.",
    indexable: false,
  },
  withdraw: {
    path: SITE_PATHS.withdraw,
    title: "Withdraw From Your Contract",
    description: `EU and UK consumers: withdraw within ${WITHDRAWAL_DAYS} days of the day you subscribe, online, with no sign-in. We e-mail an acknowledgment of receipt at once.`,
  },
  withdrawReceived: {
    path: SITE_PATHS.withdrawReceived,
    title: "Withdrawal Received",
    description: "Your withdrawal is recorded, and the acknowledgment of receipt is on its way.",
    indexable: false,
  },
} satisfies Record<string, PageInput>;

/** The pages with a fixed text, by name: each route passes its own to buildMeta. */
export const fixedPages = Object.fromEntries(
  Object.entries(fixedPageInputs).map(([name, page]) => [name, definePage(page)]),
) as Record<keyof typeof fixedPageInputs, PageMeta>;

/** Every page with a fixed text, the not-found page included. */
export const fixedPageList: readonly PageMeta[] = [...Object.values(fixedPages), notFoundPage];
