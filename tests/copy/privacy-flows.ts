/** What the functions do with the data of the flows the Privacy Policy must describe. */
export type PrivacyFlowFacts = {
  /** The build has the Stripe webhook: consent records, confirmations and reminders exist. */
  webhook: boolean;
  /** How long a change-plan link works (PLAN_LINK_HOURS). */
  planLinkHours: number;
  /** Whether the job runner prunes used links and link e-mails (jobs.ts calls pruneSpentPlanLinks). */
  planLinksPruned: boolean;
  /** The feed check-up's cache, in minutes (CACHE_TTL_MS). */
  checkCacheMinutes: number;
  /** Whether a cancellation that matched nothing e-mails a receipt to the address typed. */
  unmatchedReceipt: boolean;
};

/** The paragraph that starts with `**label`, or "". */
const paragraph = (text: string, label: string) =>
  text.split("\n").find((line) => line.startsWith(`**${label}`)) ?? "";

/** The list item that starts with `- **label`, or "". */
const item = (text: string, label: string) =>
  text.split("\n").find((line) => line.startsWith(`- **${label}`)) ?? "";

/**
 * The Privacy Policy's account of the webhook's records, the e-mails, the change-plan page and
 * the feed check-up, against what the build and the functions do: each contradiction named.
 */
export function checkPrivacyFlows(privacy: string, facts: PrivacyFlowFacts): string[] {
  const problems: string[] = [];
  const webhookWords = [
    /a record of your consent at checkout/,
    /We e-mail you a confirmation of the contract/,
    /The webhook function/,
    /\*\*The record of your consent at checkout\*\*/,
  ];
  for (const words of webhookWords) {
    const says = words.test(privacy);
    if (says && !facts.webhook) {
      problems.push(`privacy: "${words.source}" in a build without the webhook`);
    }
    if (!says && facts.webhook) problems.push(`privacy: no "${words.source}" with the webhook`);
  }

  const resend = item(privacy, "E-mail delivery: Resend");
  if (!resend.includes("every e-mail our server functions send")) {
    problems.push("privacy: Resend delivers only some of the e-mails the functions send");
  }
  if (!resend.includes("change-plan links")) {
    problems.push("privacy: Resend's e-mails leave out the change-plan links");
  }
  if (facts.webhook !== resend.includes("confirmation of your contract")) {
    problems.push("privacy: Resend's e-mails do not follow the webhook");
  }

  const canceling = paragraph(privacy, "Canceling or withdrawing online");
  if (
    facts.unmatchedReceipt &&
    !canceling.includes("no subscription uses the address you entered")
  ) {
    problems.push(
      "privacy: e-mails only Stripe's address, but an unmatched cancellation gets a receipt",
    );
  }

  const change = paragraph(privacy, "Using the change-plan page");
  const hours = `${facts.planLinkHours} hours`;
  if (!change.includes("(/change-plan)")) problems.push("privacy: no section for /change-plan");
  for (const words of ["does not keep it", hours, "until the link expires"]) {
    if (change && !change.includes(words)) {
      problems.push(`privacy: "Using the change-plan page" does not say "${words}"`);
    }
  }
  const linkLine = item(privacy, "Change-plan links");
  if (!linkLine.includes(hours))
    problems.push(`privacy: no retention line of ${hours} for change-plan links`);
  if (/deleted/.test(linkLine + change) && !facts.planLinksPruned) {
    problems.push("privacy: deletes spent plan links, which no job prunes");
  }

  const check = paragraph(privacy, "A feed you check with our feed check-up");
  const minutes = `${facts.checkCacheMinutes} minutes`;
  if (!check.includes("(/feed-check)")) problems.push("privacy: no section for the feed check-up");
  for (const words of [minutes, "the owner e-mail address the feed publishes", "host name"]) {
    if (check && !check.includes(words)) {
      problems.push(`privacy: "A feed you check" does not say "${words}"`);
    }
  }
  if (!item(privacy, "Feed check-up reports").includes(minutes)) {
    problems.push(`privacy: no retention line of ${minutes} for feed check-up reports`);
  }
  return problems;
}
