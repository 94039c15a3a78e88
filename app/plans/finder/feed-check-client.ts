import { FUNCTION_NAMES, feedTimeoutMs } from "../../../supabase/functions/_shared/contract.ts";
import { anonKeyHeaders, functionUrl } from "~/lib/functions-url";
import { feedClientMessages, looksLikeFeedUrl } from "~/plans/finder/feed-cadence";

// The feed check-up as the browser reads it: `feed-cadence` with "action": "check" answers a
// whole report (docs/decisions/023-feed-check-up.md) that carries every rule's own text, fix and
// source, so the page draws from the answer and never from the function's rule table.

export type CheckStatus = "pass" | "warn" | "fail" | "na" | "unchecked";
export type CheckAudience = "apple" | "spotify" | "youtube" | "listeners";

export type ReportedCheck = {
  id: string;
  status: CheckStatus;
  note: string;
  title: string;
  why: string;
  fix: string;
  severity: "blocks" | "hurts" | "nice";
  audiences: readonly CheckAudience[];
  blocks: readonly CheckAudience[];
  source: { name: string; url: string };
  makes?: "transcript" | "show-notes" | "chapters";
};

export type CheckupReport = {
  feed: string;
  readAt: string;
  title: string;
  summary: {
    refusedBy: { audience: CheckAudience; label: string; ids: string[] }[];
    fixFirst: { id: string; title: string; fix: string; status: CheckStatus }[];
    counts: Record<CheckStatus, number>;
  };
  checks: ReportedCheck[];
};

export type CheckOutcome = { ok: true; report: CheckupReport } | { ok: false; message: string };

function isReport(value: unknown): value is CheckupReport {
  if (typeof value !== "object" || value === null) return false;
  const { readAt, summary, checks } = value as Partial<CheckupReport>;
  return (
    typeof readAt === "string" &&
    Array.isArray(checks) &&
    checks.length > 0 &&
    Array.isArray(summary?.refusedBy) &&
    Array.isArray(summary?.fixFirst)
  );
}

/**
 * Asks for the check-up of one feed. Every failure is one sentence: the function's own, or one
 * of `feedClientMessages` when no answer came. A partial answer is never drawn as a report.
 */
export async function requestFeedCheck(
  url: string,
  origin: string,
  fetchImpl: typeof fetch = fetch,
): Promise<CheckOutcome> {
  if (!looksLikeFeedUrl(url)) return { ok: false, message: feedClientMessages.notAUrl };
  let response: Response;
  try {
    response = await fetchImpl(functionUrl(FUNCTION_NAMES.feedCadence, origin), {
      method: "POST",
      headers: { "Content-Type": "application/json", ...anonKeyHeaders() },
      body: JSON.stringify({ url: url.trim(), action: "check" }),
      // The check-up adds at most the artwork and two media requests to the feed's own fetch.
      signal: AbortSignal.timeout(feedTimeoutMs * 2),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === "TimeoutError";
    return {
      ok: false,
      message: timedOut ? feedClientMessages.tooSlow : feedClientMessages.unreachable,
    };
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return { ok: false, message: feedClientMessages.unreachable };
  }
  if (response.ok && isReport(body)) return { ok: true, report: body };
  const text = (body as { error?: unknown } | null)?.error;
  return {
    ok: false,
    message:
      typeof text === "string" && text.trim() !== "" ? text.trim() : feedClientMessages.unreachable,
  };
}
