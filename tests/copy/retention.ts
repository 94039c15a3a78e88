/** What the code keeps and for how long, as the copy must say it. */
export type RetentionFacts = {
  /** `store.ts`'s RETENTION_SQL, one SQL expression per kind of request. */
  requests: Readonly<Record<"cancel" | "keep" | "withdraw", string>>;
  /** The feed cache's time to live, in milliseconds. */
  feedCacheMs: number;
  /** Whether pruning a request also deletes the outbox copies of its e-mails (the migrations). */
  emailsGoWithRequest: boolean;
  /** `private.prune_subscription_records`: the consent record's years, and years after the end. */
  consent: { years: number; afterEndYears: number };
  /** The mirror row's years after the subscription ends. */
  mirrorAfterEndYears: number;
};

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? "" : "s"}`;

/**
 * The periods of the last `prune_subscription_records` in the migrations' text: how long
 * after it was made a consent record is deleted, and how long after its end a subscription.
 */
export function subscriptionRetention(
  prune: string,
): Pick<RetentionFacts, "consent" | "mirrorAfterEndYears"> {
  const years = (pattern: RegExp) => {
    const match = pattern.exec(prune);
    if (match === null) throw new Error(`No retention matching ${pattern} in the pruning`);
    return Number(match[1]);
  };
  return {
    consent: {
      years: years(/c\.recorded_at <= as_of - interval '(\d+) years?'/),
      afterEndYears: years(/s\.ended_at > as_of - interval '(\d+) years?'/),
    },
    mirrorAfterEndYears: years(/m\.ended_at <= as_of - interval '(\d+) years?'/),
  };
}

/** Reads `interval 'N months'` or `date_trunc('year', …) + interval 'N years'`. */
function period(sql: string): { months: number } | { yearEndsAfter: number } {
  const months = /^statement_timestamp\(\) \+ interval '(\d+) months'$/.exec(sql);
  if (months) return { months: Number(months[1]) };
  const years = /^date_trunc\('year', statement_timestamp\(\)\) \+ interval '(\d+) years'$/.exec(
    sql,
  );
  if (years) return { yearEndsAfter: Number(years[1]) - 1 };
  throw new Error(`No wording for the retention ${sql}`);
}

const ordinals = ["", "first", "second", "third", "fourth", "fifth", "sixth", "seventh"];

/** The words of a period, as the Privacy Policy states it. */
function phrase(sql: string, after: string): string {
  const p = period(sql);
  return "months" in p
    ? `${p.months} months after ${after}`
    : `until the end of the ${ordinals[p.yearEndsAfter]} year after the year we received them`;
}

/**
 * Each line of the Privacy Policy's Data Retention list that states how long the functions'
 * records are kept, against what the code keeps: a missing line or another period is named.
 */
export function checkRetention(privacy: string, facts: RetentionFacts): string[] {
  const line = (label: string) =>
    privacy.split("\n").find((text) => text.startsWith(`- **${label}`)) ?? "";
  const expected: [string, string[]][] = [
    [
      'Cancellation requests and the "Keep my subscription" undo',
      [
        phrase(facts.requests.cancel, "the request"),
        ...(facts.requests.keep === facts.requests.cancel ? [] : ["(keep differs)"]),
        ...(facts.emailsGoWithRequest ? ["with the copy of the e-mail we sent about them"] : []),
      ],
    ],
    ["Withdrawal statements", [phrase(facts.requests.withdraw, "")]],
    [
      "The record of your consent at checkout",
      [
        `${plural(facts.consent.years, "year")} after checkout`,
        `or ${plural(facts.consent.afterEndYears, "year")} after the end of the subscription if that is later`,
      ],
    ],
    [
      "Our copy of your subscription from Stripe",
      [`${plural(facts.mirrorAfterEndYears, "year")} after it ends`],
    ],
    ["Plan-finder feed readings", [`${facts.feedCacheMs / 60_000} minutes`]],
  ];
  const problems: string[] = [];
  for (const [label, words] of expected) {
    const text = line(label);
    if (!text) problems.push(`privacy: no retention line for "${label}"`);
    for (const word of words) {
      if (text && !text.includes(word)) problems.push(`privacy: "${label}" does not say "${word}"`);
    }
  }
  if (!facts.emailsGoWithRequest && /copy of the e-mail/.test(line("Cancellation"))) {
    problems.push("privacy: deletes the e-mail copies, which the database keeps");
  }
  return problems;
}
