import { pathToFileURL } from "node:url";
import { MAX_FEED_BYTES } from "../supabase/functions/feed-cadence/budget.ts";
import { readFeed } from "../supabase/functions/feed-cadence/read-feed.ts";
import { parseFeedArgs, readFeedSource, type Network } from "./feed-source.ts";

/**
 * `npm run feed:report -- <file-or-url> [--now <ISO date>]`: what the plan finder's function
 * answers for a feed, as one line of JSON, for support and for checks. A URL goes through the
 * function's own hardened fetch; a saved file is read with the same 5 MB cap and no HTTP
 * charset (gzip-compressed or not, tools/feed-source.ts). Both go through exactly `readFeed`. Exit 0 with a reading (ok or not), 2 for bad
 * usage, with a one-line JSON error.
 *
 * A reading is the function's answer (`episodes` is every episode in the feed, trailers and
 * bonus episodes included; `pacedEpisodes` the ones the pace counts; `episodeTypes`, `medium`,
 * `complete`, `blocked` as the feed says them), plus `items`: what became of each item the feed
 * lists, counted or skipped and why.
 */

export type ReportDeps = { network?: Network };
export type Report = { line: string; exitCode: number };

const USAGE = "usage: npm run feed:report -- <file-or-url> [--now <ISO date>]";

function usageError(error: string): Report {
  return { line: JSON.stringify({ ok: false, code: "usage", error, usage: USAGE }), exitCode: 2 };
}

export async function feedReport(args: readonly string[], deps: ReportDeps = {}): Promise<Report> {
  const parsed = parseFeedArgs(args, { acceptsJson: false });
  if (!parsed.ok) return usageError(parsed.error);
  // A saved file gets the function's own 5 MB cap: this answers what the function would.
  const source = await readFeedSource(parsed.target, {
    maxSavedBytes: MAX_FEED_BYTES,
    network: deps.network,
  });
  if (!source.ok) {
    if ("usage" in source) return usageError(source.usage);
    return { line: JSON.stringify({ ok: false, code: source.code }), exitCode: 0 };
  }
  const reading = readFeed(source.bytes, { httpCharset: source.httpCharset, now: parsed.now });
  const answer = reading.ok
    ? { ok: true, ...reading.cadence, items: reading.items, encoding: reading.encoding }
    : { ok: false, code: reading.code, reason: reading.reason };
  return { line: JSON.stringify(answer), exitCode: 0 };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const report = await feedReport(process.argv.slice(2));
  process.stdout.write(`${report.line}\n`);
  process.exitCode = report.exitCode;
}
