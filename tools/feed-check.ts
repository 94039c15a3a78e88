import { pathToFileURL } from "node:url";
import { readCheckup } from "../supabase/functions/feed-cadence/checkup/check.ts";
import { buildReport } from "../supabase/functions/feed-cadence/checkup/report.ts";
import { AUDIENCES } from "../supabase/functions/feed-cadence/checkup/rules.ts";
import { reportForFetchedFeed } from "../supabase/functions/feed-cadence/checkup/run.ts";
import type { CheckupReport, Status } from "../supabase/functions/feed-cadence/checkup/types.ts";
import { productionNetwork } from "../supabase/functions/feed-cadence/from-env.ts";
import {
  CHECK_MESSAGES,
  DEFAULT_FETCH_LIMITS,
  type CheckCode,
} from "../supabase/functions/feed-cadence/handler.ts";
import {
  MAX_SAVED_FEED_BYTES,
  parseFeedArgs,
  readFeedSource,
  type Network,
} from "./feed-source.ts";

/**
 * `npm run feed:check -- <file-or-url> [--json] [--now <ISO date>]`: the feed check-up's
 * report, as text or (`--json`) one JSON object whose `checks` hold every rule of the table
 * with its status. A URL goes through the function's hardened fetch, and the artwork and the
 * latest episode's file are asked about as the function does; a saved file is read with the
 * 32 MB cap (gzip-compressed or not, tools/feed-source.ts), and the rules that need the
 * network say "not checked (saved file)". Exit 0
 * with a report or a one-sentence refusal of the feed, 2 for bad usage.
 */

export type CheckDeps = { network?: Network };
export type CheckOutput = { text: string; exitCode: number };

const USAGE = "usage: npm run feed:check -- <file-or-url> [--json] [--now <ISO date>]";

function usageError(error: string, json: boolean): CheckOutput {
  return {
    text: json
      ? JSON.stringify({ ok: false, code: "usage", error, usage: USAGE })
      : `${error}\n${USAGE}`,
    exitCode: 2,
  };
}

function refusal(code: CheckCode, json: boolean): CheckOutput {
  const error = CHECK_MESSAGES[code];
  return { text: json ? JSON.stringify({ ok: false, code, error }) : error, exitCode: 0 };
}

const LABELS: Record<Status, string> = {
  pass: "pass",
  warn: "WARN",
  fail: "FAIL",
  na: "n/a ",
  unchecked: "----",
};

/** The report as a producer reads it in a terminal: summary first, then each group. */
export function reportText(report: CheckupReport): string {
  const lines = [
    `Feed check-up${report.title === "" ? "" : `: ${report.title}`}`,
    `Feed: ${report.feed}`,
    `Read: ${report.readAt}`,
    "",
    report.summary.refusedBy.length === 0
      ? "No directory would refuse this feed today."
      : `Would refuse this feed today: ${report.summary.refusedBy
          .map((refusal) => `${refusal.label} (${refusal.ids.join(", ")})`)
          .join("; ")}.`,
  ];
  if (report.summary.fixFirst.length > 0) {
    lines.push("Fix first:");
    report.summary.fixFirst.forEach((fix, i) => {
      lines.push(`  ${i + 1}. ${fix.id} ${fix.title}: ${fix.fix}`);
    });
  }
  for (const audience of AUDIENCES) {
    const checks = report.checks.filter((check) => check.audiences[0] === audience.id);
    if (checks.length === 0) continue;
    lines.push("", audience.label);
    for (const check of checks) {
      lines.push(`  ${LABELS[check.status]}  ${check.id} ${check.title}: ${check.note}`);
      if (check.status === "fail" || check.status === "warn") {
        lines.push(`        What to do: ${check.fix} (${check.source.url})`);
      }
    }
  }
  return lines.join("\n");
}

export async function feedCheck(
  args: readonly string[],
  deps: CheckDeps = {},
): Promise<CheckOutput> {
  const json = args.includes("--json");
  const parsed = parseFeedArgs(args, { acceptsJson: true });
  if (!parsed.ok) return usageError(parsed.error, json);
  const { target, now } = parsed;
  const network = deps.network ?? productionNetwork;
  const source = await readFeedSource(target, {
    maxSavedBytes: MAX_SAVED_FEED_BYTES,
    network,
  });
  if (!source.ok) {
    return "usage" in source ? usageError(source.usage, json) : refusal(source.code, json);
  }
  const reading = readCheckup(source.bytes, {
    httpCharset: source.httpCharset,
    now,
    maxCharacters: source.fetched === null ? MAX_SAVED_FEED_BYTES : undefined,
  });
  if (!reading.ok) return refusal(reading.code, json);

  let report: CheckupReport;
  if (source.fetched !== null) {
    const outcome = await reportForFetchedFeed(
      reading,
      source.fetched,
      {
        ...network,
        maxRedirects: DEFAULT_FETCH_LIMITS.maxRedirects,
        connectTimeoutMs: DEFAULT_FETCH_LIMITS.connectTimeoutMs,
      },
      { readAt: now },
    );
    report = outcome.report;
  } else {
    report = buildReport(reading.facts, { kind: "saved-file" }, { feed: target, readAt: now });
  }
  return { text: json ? JSON.stringify({ ok: true, ...report }) : reportText(report), exitCode: 0 };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const output = await feedCheck(process.argv.slice(2));
  process.stdout.write(`${output.text}\n`);
  process.exitCode = output.exitCode;
}
