import { legalConfig } from "~/config/legal-entity";
import { siteConfig } from "~/config/site";
import { guaranteeShort } from "~/plans/billing/guarantee";
import { sampleContentNotes } from "./testimonial-quotes";

/**
 * "200+ podcast creators", qualified where it stands while it is sample content: the hero and
 * /about say it through this one phrase.
 */
export const creatorsClaim = legalConfig.sampleContent
  ? `${siteConfig.creatorsServed} podcast creators (${sampleContentNotes.creatorsServed})`
  : `${siteConfig.creatorsServed} podcast creators`;

export type AboutPoint = { title: string; description: string };

export const about = {
  intro: `We help ${creatorsClaim} turn every episode into content that travels further.`,
  mission:
    "Podcasters pour hours into every episode, then watch it reach only the people who already subscribe. Our mission is to give every episode the reach it deserves by turning one recording into the transcripts, posts and visuals that bring new listeners in, without adding hours to anyone's week.",
  vision:
    "We picture a podcasting world where publishing an episode and promoting it are one step, not two. Hosts focus on conversations, producers on craft, and the words spoken on every show become searchable, shareable and useful long after release day.",
  whyChooseUs: [
    {
      title: "Built for podcasts",
      description:
        "Every format we produce starts from how episodes are actually made: long conversations, several voices and ideas worth quoting.",
    },
    {
      title: "One upload, every channel",
      description:
        "Transcripts, summaries, threads, LinkedIn posts, carousels and captions come out of a single episode, in a consistent voice.",
    },
    {
      title: "You stay in control",
      description:
        "Everything arrives as an editable draft. Nothing is published on your behalf unless you schedule it.",
    },
    {
      title: "Plans that grow with you",
      description:
        "Start with the essentials and move up as your show grows, or talk to us about a managed workflow for your agency.",
    },
  ],
  values: [
    {
      title: "Respect the creator's voice",
      description: "Drafts should sound like you on a good day, not like a press release.",
    },
    {
      title: "Accuracy first",
      description:
        "A quote attributed to a guest must be something the guest said. We build for faithful transcripts before clever copy.",
    },
    {
      title: "Your content is yours",
      description: "You own your audio and everything made from it. We never sell your data.",
    },
    {
      title: "Plain dealing",
      description: `Clear prices, ${guaranteeShort} and cancellation whenever you choose.`,
    },
  ],
} as const satisfies {
  intro: string;
  mission: string;
  vision: string;
  whyChooseUs: readonly AboutPoint[];
  values: readonly AboutPoint[];
};
