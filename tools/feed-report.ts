import { open } from "node:fs/promises";
import { pathToFileURL } from "node:url";
import { MAX_FEED_BYTES } from "../supabase/functions/feed-cadence/budget.ts";
import { charsetOf } from "../supabase/functions/feed-cadence/encoding.ts";
import {
  checkFeedUrl,
  fetchFeed,
  type PinnedRequest,
  type ResolveHost,
} from "../supabase/functions/feed-cadence/fetch-feed.ts";
import { productionNetwork } from "../supabase/functions/feed-cadence/from-env.ts";
import {
  codeForFetchFailure,
  DEFAULT_FETCH_LIMITS,
} from "../supabase/functions/feed-cadence/handler.ts";
import { readFeed } from "../supabase/functions/feed-cadence/read-feed.ts";

/**
 * `npm run feed:report -- <file-or-url> [--now <ISO date>]`: what the plan finder's function
 * answers for a feed, as one line of JSON, for support and for checks. A URL goes through the
 * function's own hardened fetch; a saved file is read with the same 5 MB cap and no HTTP
 * charset. Both go through exactly `readFeed`. Exit 0 with a reading (ok or not), 2 for bad
 * usage, with a one-line JSON error.
 *
 * A reading is the function's answer (`episodes` is every episode in the feed, trailers and
 * bonus episodes included; `pacedEpisodes` the ones the pace counts; `episodeTypes`, `medium`,
 * `complete`, `blocked` as the feed says them), plus `items`: what became of each item the feed
 * lists, counted or skipped and why.
 */

export type ReportDeps = { network?: { resolve: ResolveHost; request: PinnedRequest } };
export type Report = { line: string; exitCode: number };

const USAGE = "usage: npm run feed:report -- <file-or-url> [--now <ISO date>]";

function usageError(error: string): Report {
  return { line: JSON.stringify({ ok: false, code: "usage", error, usage: USAGE }), exitCode: 2 };
}

type Source =
  { ok: true; bytes: Uint8Array; httpCharset: string | null } | { ok: false; code: string };

/** The file's bytes, refusing it past the cap without reading the rest. */
async function readSaved(path: string): Promise<Source | { ok: false; usage: string }> {
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
    return { ok: true, bytes: buffer.subarray(0, length), httpCharset: null };
  } finally {
    await handle.close();
  }
}

async function fetchUrl(url: URL, deps: ReportDeps): Promise<Source> {
  const network = deps.network ?? productionNetwork;
  const fetched = await fetchFeed(url, { ...network, limits: DEFAULT_FETCH_LIMITS });
  if (!fetched.ok) return { ok: false, code: codeForFetchFailure(fetched) };
  return { ok: true, bytes: fetched.bytes, httpCharset: charsetOf(fetched.contentType) };
}

export async function feedReport(args: readonly string[], deps: ReportDeps = {}): Promise<Report> {
  let target: string | undefined;
  let now = Date.now();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--now") {
      const value = args[++i];
      const time = value === undefined ? NaN : Date.parse(value);
      if (!/^\d{4}-\d{2}-\d{2}/.test(value ?? "") || Number.isNaN(time)) {
        return usageError(
          `--now wants an ISO date such as 2026-11-15, not ${JSON.stringify(value ?? "")}`,
        );
      }
      now = time;
    } else if (arg.startsWith("--")) return usageError(`unknown option ${arg}`);
    else if (target === undefined) target = arg;
    else return usageError("give one file or URL");
  }
  if (target === undefined) return usageError("give a feed file or URL");

  let source: Source | { ok: false; usage: string };
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(target)) {
    const checked = checkFeedUrl(target);
    source = checked.ok ? await fetchUrl(checked.url, deps) : { ok: false, code: checked.reason };
  } else {
    source = await readSaved(target);
  }
  if (!source.ok) {
    if ("usage" in source) return usageError(source.usage);
    return { line: JSON.stringify({ ok: false, code: source.code }), exitCode: 0 };
  }
  const reading = readFeed(source.bytes, { httpCharset: source.httpCharset, now });
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
