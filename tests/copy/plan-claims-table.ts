import type { PlanClaim } from "./plan-claims";

/**
 * Every statement in the copy that names a plan, or Castloop, together with something it
 * produces, and what that statement says about the plans. tests/copy/plan-claims.test.ts checks
 * each entry against plans.ts, and fails on any such statement that is missing from this table.
 */
export const planClaims: readonly PlanClaim[] = [
  // Site and legal copy describe the product as a whole: each output is in some plan.
  {
    source: "app/config/site.ts",
    quote:
      "Castloop turns your podcast episodes into transcripts, summaries, key points, X threads, LinkedIn posts, carousels and captions",
    says: [
      ["some plan", "Audio to Text", true],
      ["some plan", "Summarization", true],
      ["some plan", "Key Point Extraction", true],
      ["some plan", "X threads", true],
      ["some plan", "LinkedIn Post", true],
      ["some plan", "Carousel Images", true],
      ["some plan", "Caption Generation", true],
    ],
  },
  {
    source: "content/legal/terms.md",
    quote:
      "turns podcast episodes into transcripts, summaries, key points, social posts, carousel images and captions",
    says: [
      ["some plan", "Audio to Text", true],
      ["some plan", "Summarization", true],
      ["some plan", "Key Point Extraction", true],
      ["some plan", "LinkedIn Post", true],
      ["some plan", "Carousel Images", true],
      ["some plan", "Caption Generation", true],
    ],
  },
  {
    source: "content/legal/terms.md",
    quote: "Each plan includes a number of episodes per monthly billing period.",
    says: [],
    because: "names no plan; the tokens after it are billing-rules.ts's sentences",
  },
  // Written from billing-rules.ts (extraEpisodeSentence); the dollar figures are price gaps.
  {
    source: "app/plans/billing/faqs.ts",
    quote: "On Starter, a third episode in a month means moving up to Pro",
    says: [
      ["Starter", "episodes", 2],
      ["Pro", "episodes", 3],
    ],
  },
  {
    source: "app/plans/billing/faqs.ts",
    quote: "On Pro, a fifth episode in a month means moving up to Expert",
    says: [
      ["Pro", "episodes", 4],
      ["Expert", "episodes", 5],
    ],
  },
  {
    source: "content/legal/privacy.md",
    quote:
      "turns podcast episodes into transcripts, summaries, social posts, carousel images and captions",
    says: [
      ["some plan", "Audio to Text", true],
      ["some plan", "Summarization", true],
      ["some plan", "LinkedIn Post", true],
      ["some plan", "Carousel Images", true],
      ["some plan", "Caption Generation", true],
    ],
  },
  {
    source: "app/data/testimonial-quotes.ts",
    quote: "We run four weekly shows on an Agency plan. Threads, captions and carousels come out",
    says: [
      ["Agency", "episodes", "Custom"],
      ["Agency", "X threads", true],
      ["Agency", "Caption Generation", true],
      ["Agency", "Carousel Images", true],
    ],
  },

  // Articles.
  {
    source: "content/blog/audiograms.md",
    quote: "Castloop generates a transcript for each episode",
    says: [["every plan", "Audio to Text", true]],
  },
  {
    source: "content/blog/content-repurposing.md",
    quote:
      "Castloop drafts the transcript, summary, key points and one LinkedIn post on every plan; show notes filled from your own template, the X thread, carousel images and captions start on Pro.",
    says: [
      ["every plan", "Audio to Text", true],
      ["every plan", "Summarization", true],
      ["every plan", "Key Point Extraction", true],
      ["Starter", "LinkedIn Post", "1"],
      ["Starter", "Content Templates", false],
      ["Pro", "Content Templates", true],
      ["Starter", "X threads", false],
      ["Starter", "Carousel Images", false],
      ["Starter", "Caption Generation", false],
      ["Pro", "X threads", true],
      ["Pro", "Carousel Images", true],
      ["Pro", "Caption Generation", true],
    ],
  },
  {
    source: "content/blog/content-repurposing.md",
    quote:
      "Eight of these rows, all but the clips and the newsletter, are also the starting figures in our plan finder",
    says: [],
    because:
      "names the finder's hours, not a plan's outputs; the finder reads its minutes from the table",
  },
  {
    source: "content/blog/podcast-seo.md",
    quote:
      "Castloop generates a transcript and a summary from each episode's audio on every plan, and from Pro up fills your show-notes template too.",
    says: [
      ["every plan", "Audio to Text", true],
      ["every plan", "Summarization", true],
      ["Starter", "Content Templates", false],
      ["Pro+", "Content Templates", true],
    ],
  },
  {
    source: "content/blog/social-media-growth.md",
    quote:
      "She uses Castloop's Starter plan, which covers her two episodes a month with a transcript, summary, key points and one LinkedIn post per episode.",
    says: [
      ["Starter", "episodes", 2],
      ["Starter", "Audio to Text", true],
      ["Starter", "Summarization", true],
      ["Starter", "Key Point Extraction", true],
      ["Starter", "LinkedIn Post", "1"],
    ],
  },
  {
    source: "content/blog/social-media-growth.md",
    quote: "On Starter, Marisol drafts her threads herself from the key points",
    says: [
      ["Starter", "X threads", false],
      ["Starter", "Key Point Extraction", true],
    ],
  },
  {
    source: "content/blog/social-media-growth.md",
    quote:
      "Castloop drafts a LinkedIn post from each episode on every plan, and the X thread, carousel images and captions from Pro up",
    says: [
      ["every plan", "LinkedIn Post", true],
      ["Starter", "X threads", false],
      ["Starter", "Carousel Images", false],
      ["Pro+", "X threads", true],
      ["Pro+", "Carousel Images", true],
      ["Pro+", "Caption Generation", true],
    ],
  },
];
