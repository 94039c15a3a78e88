import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { getLegalMarkdown } from "~/content/legal.server";
import { privacyWebhookTokens, siteLegalTokens } from "~/data/legal-tokens";
import { PLAN_LINK_HOURS } from "../../supabase/functions/_shared/contract.ts";
import { CACHE_TTL_MS } from "../../supabase/functions/feed-cadence/budget.ts";
import { UNMATCHED_KIND } from "../../supabase/functions/manage-subscription/unmatched.ts";
import { checkPrivacyFlows, type PrivacyFlowFacts } from "./privacy-flows";

// The fresh read's Privacy pairs: the webhook's records in a build without the webhook, Resend
// named for some e-mails only, "only the address Stripe holds" beside the unmatched receipt,
// and no word on /change-plan or the feed check-up. Each old side, put back, fails.

// Rendered once per flag: each render runs the Markdown pipeline, seconds on a loaded machine.
const rendered = new Map<boolean, string>();
const privacy = (webhook: boolean) => {
  let text = rendered.get(webhook);
  if (text === undefined) {
    text = getLegalMarkdown("privacy", { ...siteLegalTokens(), ...privacyWebhookTokens(webhook) });
    rendered.set(webhook, text);
  }
  return text;
};

const facts = (webhook: boolean): PrivacyFlowFacts => ({
  webhook,
  planLinkHours: PLAN_LINK_HOURS,
  planLinksPruned: /pruneSpentPlanLinks\(/.test(
    readFileSync("supabase/functions/manage-subscription/jobs.ts", "utf8"),
  ),
  checkCacheMinutes: CACHE_TTL_MS / 60_000,
  unmatchedReceipt: UNMATCHED_KIND.length > 0,
});

describe("the Privacy Policy's flows", () => {
  it.each([true, false])("match what the functions do (webhook: %s)", (webhook) => {
    expect(checkPrivacyFlows(privacy(webhook), facts(webhook))).toEqual([]);
  });

  it("fail when a build without the webhook describes its records and e-mails", () => {
    expect(checkPrivacyFlows(privacy(true), facts(false))).toEqual([
      'privacy: "a record of your consent at checkout" in a build without the webhook',
      'privacy: "We e-mail you a confirmation of the contract" in a build without the webhook',
      'privacy: "The webhook function" in a build without the webhook',
      'privacy: "\\*\\*The record of your consent at checkout\\*\\*" in a build without the webhook',
      "privacy: Resend's e-mails do not follow the webhook",
    ]);
  });

  it("fail on the old Resend line, for cancellations and withdrawals only", () => {
    const text = privacy(false).replace(
      /which delivers every e-mail our server functions send: [^.]*\./,
      "which delivers the e-mails about your cancellation or withdrawal:",
    );
    expect(checkPrivacyFlows(text, facts(false))).toEqual([
      "privacy: Resend delivers only some of the e-mails the functions send",
      "privacy: Resend's e-mails leave out the change-plan links",
    ]);
  });

  it("fail on the old promise to e-mail only the address Stripe holds", () => {
    const text = privacy(false).replace(
      /What we did about a subscription [^\n]*?our first acknowledgment of it\./,
      "We e-mail the details only to the address Stripe holds for a subscription, and the acknowledgment of a withdrawal to the confirmation address you give; where a person on our team completes a cancellation instead of our website, we first acknowledge it to the address you entered.",
    );
    expect(text).not.toBe(privacy(false));
    expect(checkPrivacyFlows(text, facts(false))).toEqual([
      "privacy: e-mails only Stripe's address, but an unmatched cancellation gets a receipt",
    ]);
  });

  it("fail without the change-plan and check-up sections", () => {
    const text = privacy(false)
      .split("\n")
      .filter(
        (line) =>
          !/^(\*\*Using the change-plan|\*\*A feed you check|- \*\*Change-plan|- \*\*Feed check-up)/.test(
            line,
          ),
      )
      .join("\n");
    expect(checkPrivacyFlows(text, facts(false))).toEqual([
      "privacy: no section for /change-plan",
      `privacy: no retention line of ${PLAN_LINK_HOURS} hours for change-plan links`,
      "privacy: no section for the feed check-up",
      `privacy: no retention line of ${CACHE_TTL_MS / 60_000} minutes for feed check-up reports`,
    ]);
  });

  it("fail when the periods differ from the code's, or no job deletes spent links", () => {
    expect(
      checkPrivacyFlows(privacy(false), {
        ...facts(false),
        planLinkHours: 48,
        checkCacheMinutes: 30,
        planLinksPruned: false,
      }),
    ).toEqual([
      'privacy: "Using the change-plan page" does not say "48 hours"',
      "privacy: no retention line of 48 hours for change-plan links",
      "privacy: deletes spent plan links, which no job prunes",
      'privacy: "A feed you check" does not say "30 minutes"',
      "privacy: no retention line of 30 minutes for feed check-up reports",
    ]);
  });
});
