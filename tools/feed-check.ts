import { open } from "node:fs/promises";
import { pathToFileURL } from "node:url";
import { MAX_FEED_BYTES } from "../supabase/functions/feed-cadence/budget.ts";
import { readCheckup } from "../supabase/functions/feed-cadence/checkup/check.ts";
import { buildReport } from "../supabase/functions/feed-cadence/checkup/report.ts";
import { AUDIENCES } from "../supabase/functions/feed-cadence/checkup/rules.ts";
import { reportForFetchedFeed } from "../supabase/functions/feed-cadence/checkup/run.ts";
import type { CheckupReport, Status } from "../supabase/functions/feed-cadence/checkup/types.ts";
import { charsetOf } from "../supabase/functions/feed-cadence/encoding.ts";
import {
  checkFeedUrl,
  fetchFeed,
  type PinnedRequest,
  type ResolveHost,
} from "../supabase/functions/feed-cadence/fetch-feed.ts";
import { productionNetwork } from "../supabase/functions/feed-cadence/from-env.ts";
import {
  CHECK_MESSAGES,
  codeForFetchFailure,
  DEFAULT_FETCH_LIMITS,
  type CheckCode,
} from "../supabase/functions/feed-cadence/handler.ts";

/**
 * `npm run feed:check -- <file-or-url> [--json] [--now <ISO date>]`: the feed check-up's
 * report, as text or (`--json`) one JSON object whose `checks` hold every rule of the table
 * with its status. A URL goes through the function's hardened fetch, and the artwork and the
 * latest episode's file are asked about as the function does; a saved file is read with the
 * same 5 MB cap, and the rules that need the network say "not checked (saved file)". Exit 0
 * with a report or a one-sentence refusal of the feed, 2 for bad usage.
 */

export type CheckDeps = { network?: { resolve: ResolveHost; request: PinnedRequest } };
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

async function readSaved(
  path: string,
): Promise<{ ok: true; bytes: Uint8Array } | { ok: false; usage?: string; code?: CheckCode }> {
  let handle;
  try {
    handle = await open(path, "r");
  } catch (error) {
    const code = (error as { code?: string }).code ?? "unreadable";
    return { ok: false, usage: `cannot read ${path} (${code})` };
  }
  try {
    const buffer = new Uint8Array(MAX_FEED_BYTES + 1);
    let length = 0;
    while (length < buffer.length) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    if (length > MAX_FEED_BYTES) return { ok: false, code: "feed_too_large" };
    return { ok: true, bytes: buffer.subarray(0, length) };
  } finally {
    await handle.close();
  }
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
  let target: string | undefined;
  let now = Date.now();
  const json = args.includes("--json");
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--json") continue;
    if (arg === "--now") {
      const value = args[++i];
      const time = value === undefined ? NaN : Date.parse(value);
      if (!/^\d{4}-\d{2}-\d{2}/.test(value ?? "") || Number.isNaN(time)) {
        return usageError(
          `--now wants an ISO date such as 2026-11-15, not ${JSON.stringify(value ?? "")}`,
          json,
        );
      }
      now = time;
    } else if (arg.startsWith("--")) return usageError(`unknown option ${arg}`, json);
    else if (target === undefined) target = arg;
    else return usageError("give one file or URL", json);
  }
  if (target === undefined) return usageError("give a feed file or URL", json);

  let report: CheckupReport;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(target)) {
    const checked = checkFeedUrl(target);
    if (!checked.ok) return refusal(checked.reason, json);
    const network = deps.network ?? productionNetwork;
    const started = performance.now();
    const fetched = await fetchFeed(checked.url, { ...network, limits: DEFAULT_FETCH_LIMITS });
    if (!fetched.ok) return refusal(codeForFetchFailure(fetched), json);
    const ms = performance.now() - started;
    const reading = readCheckup(fetched.bytes, {
      httpCharset: charsetOf(fetched.contentType),
      now,
    });
    if (!reading.ok) return refusal(reading.code, json);
    const outcome = await reportForFetchedFeed(
      reading,
      { url: fetched.url, ms },
      {
        ...network,
        maxRedirects: DEFAULT_FETCH_LIMITS.maxRedirects,
        connectTimeoutMs: DEFAULT_FETCH_LIMITS.connectTimeoutMs,
      },
      { readAt: now },
    );
    report = outcome.report;
  } else {
    const saved = await readSaved(target);
    if (!saved.ok) {
      return saved.usage !== undefined
        ? usageError(saved.usage, json)
        : refusal(saved.code ?? "not_a_feed", json);
    }
    const reading = readCheckup(saved.bytes, { httpCharset: null, now });
    if (!reading.ok) return refusal(reading.code, json);
    report = buildReport(reading.facts, { kind: "saved-file" }, { feed: target, readAt: now });
  }
  return { text: json ? JSON.stringify({ ok: true, ...report }) : reportText(report), exitCode: 0 };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const output = await feedCheck(process.argv.slice(2));
  process.stdout.write(`${output.text}\n`);
  process.exitCode = output.exitCode;
}
