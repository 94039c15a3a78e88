import { brand } from "~/config/brand";
import { billingStatements } from "./billing-rules";
import { describePlanOutputs } from "../plan-outputs";
import { cancelLabel, cancelPath } from "./subscription-terms";

export type FaqItem = {
  id: string;
  question: string;
  answer: string;
  /** A page the answer names, linked under it. */
  link?: { href: string; label: string };
};

export const faqs = [
  {
    id: "how-it-works",
    question: `How does ${brand.name} work?`,
    answer: `${billingStatements.account} We transcribe each episode, then write a summary, key points and social content from the transcript. You review the drafts, edit anything you like and publish. ${billingStatements.upload}`,
  },
  {
    id: "audio-formats",
    question: "Which audio formats can I upload?",
    answer:
      "You can upload MP3, WAV, AAC and M4A files. If your editor exports something else, export an MP3 copy for upload.",
  },
  {
    id: "accuracy",
    question: "How accurate are the transcripts?",
    answer:
      "Transcription accuracy is 95%+ for clear audio. Heavy background noise, music under speech or people talking over each other lower it, so a clean recording gives the best results.",
  },
  {
    id: "outputs",
    question: "What content do I get from each episode?",
    // Written from plans.ts, so it always matches the pricing table.
    answer: `It depends on your plan. ${describePlanOutputs()} The pricing table lists exactly what each plan includes.`,
  },
  {
    id: "editing",
    question: "Can I edit the content before I publish it?",
    answer: `Yes. ${billingStatements.drafts} Change the wording, cut what you do not need and copy the final version to wherever you publish.`,
  },
  {
    id: "money-back",
    question: "Is there a money-back guarantee?",
    // The guarantee's scope, window and effect come from billing-rules.ts, as the Terms'.
    answer: `Yes, a 14-day money-back guarantee: if the service is not right for you, ask ${billingStatements.guaranteeWindow} and we refund ${billingStatements.guaranteeScope} in full. ${billingStatements.guaranteeClaim} ${billingStatements.guaranteeAccess} ${billingStatements.firstFortnightRefund}`,
  },
  {
    id: "cancel",
    question: "Can I cancel my subscription at any time?",
    answer: `Yes, you can cancel anytime, with no notice period. ${billingStatements.cancel} ${billingStatements.cancelWhen} ${billingStatements.firstFortnightRefund}`,
    link: { href: cancelPath, label: cancelLabel },
  },
  {
    id: "more-episodes",
    question: "What if I publish more episodes than my plan includes?",
    answer: [
      billingStatements.rollover,
      billingStatements.noOverage,
      ...billingStatements.extraEpisodes.slice(0, -1),
      billingStatements.upgrade,
    ].join(" "),
  },
] as const satisfies readonly FaqItem[];
