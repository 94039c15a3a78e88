import { readFileSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { getLegalMarkdown } from "~/content/legal.server";
import { privacyWebhookTokens, siteLegalTokens } from "~/data/legal-tokens";
import { feedStorage } from "~/plans/billing/feed-storage";
import { CACHE_TTL_MS } from "../../supabase/functions/feed-cadence/budget.ts";
import { RETENTION_SQL } from "../../supabase/functions/manage-subscription/store.ts";
import { checkRetention, subscriptionRetention, type RetentionFacts } from "./retention";

// The Privacy Policy's periods against what the functions' database really keeps.

const migrations = readdirSync("supabase/migrations")
  .sort()
  .map((file) => readFileSync(`supabase/migrations/${file}`, "utf8"))
  .join("\n");

/** The last definition of the request pruning deletes the outbox rows whose ref is a request. */
const lastPrune =
  migrations.split(/create (?:or replace )?function private\.prune_subscription_requests/).at(-1) ??
  "";

/** The last definition of the subscription records' pruning. */
const lastRecordsPrune =
  migrations.split(/create (?:or replace )?function private\.prune_subscription_records/).at(-1) ??
  "";

const facts: RetentionFacts = {
  ...subscriptionRetention(lastRecordsPrune),
  requests: RETENTION_SQL,
  feedCacheMs: CACHE_TTL_MS,
  emailsGoWithRequest: /delete from private\.email_outbox\b[^;]*?\bref\s*(?:=|in\b)/.test(
    lastPrune,
  ),
};
// With the webhook, so the consent record's and the mirror's lines are there to check.
const privacy = getLegalMarkdown("privacy", {
  ...siteLegalTokens(),
  ...privacyWebhookTokens(true),
});

describe("the Privacy Policy's retention periods", () => {
  it("are the periods the functions' database keeps", () => {
    expect(facts.emailsGoWithRequest).toBe(true);
    expect(checkRetention(privacy, facts)).toEqual([]);
    expect(feedStorage).toContain(`within ${CACHE_TTL_MS / 60_000} minutes`);
  });

  it.each([
    [
      "13 months after the request",
      "12 months after the request",
      'privacy: "Cancellation requests and the "Keep my subscription" undo" does not say "13 months after the request"',
    ],
    [
      "until the end of the third year",
      "until the end of the second year",
      'privacy: "Withdrawal statements" does not say "until the end of the third year after the year we received them"',
    ],
    [
      "3 years after checkout",
      "2 years after checkout",
      'privacy: "The record of your consent at checkout" does not say "3 years after checkout"',
    ],
    [
      "while the subscription lasts and 1 year after it ends",
      "while the subscription lasts and 6 months after it ends",
      'privacy: "Our copy of your subscription from Stripe" does not say "1 year after it ends"',
    ],
    [
      "used for 10 minutes",
      "used for 30 minutes",
      'privacy: "Plan-finder feed readings" does not say "10 minutes"',
    ],
  ])("fail when the policy says another period: %s", (right, wrong, problem) => {
    expect(privacy).toContain(right);
    expect(checkRetention(privacy.replace(right, wrong), facts)).toEqual([problem]);
  });

  it("read the subscription records' periods from the pruning the migrations define", () => {
    expect(facts.consent).toEqual({ years: 3, afterEndYears: 1 });
    expect(facts.mirrorAfterEndYears).toBe(1);
    expect(() => subscriptionRetention("select 1")).toThrow(/No retention/);
  });

  it("fail on the old promise to delete e-mail copies that no pruning deleted", () => {
    expect(checkRetention(privacy, { ...facts, emailsGoWithRequest: false })).toEqual([
      "privacy: deletes the e-mail copies, which the database keeps",
    ]);
  });
});
