import type { PinnedRequest, ResolveHost } from "../fetch-feed.ts";
import type { CheckupReading } from "./check.ts";
import { probeArtwork, probeMedia, type ProbeDeps } from "./probe.ts";
import { buildReport, summarize, type ArtworkProbe, type MediaProbe } from "./report.ts";
import type { CheckupReport } from "./types.ts";

// From a feed that was fetched and read to its report: the artwork probe and the media probe
// run side by side (three requests at most), each within its own deadline. Shared by the
// function and `npm run feed:check`.

/** Each probe request's own deadline; both probes together stay within the feed's budget. */
export const PROBE_TIMEOUT_MS = 3_000;

export type ProbeNetwork = {
  resolve: ResolveHost;
  request: PinnedRequest;
  maxRedirects: number;
  connectTimeoutMs: number;
};

/**
 * Asked before each outbound request; false when the client's limit is spent, and the request
 * is not made.
 */
export type SpendRequest = () => Promise<boolean>;

export type CheckupOutcome = { report: CheckupReport; complete: boolean };

export async function reportForFetchedFeed(
  reading: Extract<CheckupReading, { ok: true }>,
  fetched: { url: string; ms: number },
  network: ProbeNetwork,
  meta: { readAt: number; spend?: SpendRequest; timeoutMs?: number },
): Promise<CheckupOutcome> {
  const { facts } = reading;
  const deps: ProbeDeps = { ...network, timeoutMs: meta.timeoutMs ?? PROBE_TIMEOUT_MS };
  const spend = meta.spend ?? (async () => true);
  let complete = true;
  const artwork = async (): Promise<ArtworkProbe | null> => {
    // An Atom feed has no artwork rule to judge; none is fetched.
    if (facts.artworkUrl === null || facts.checks.length === 1) return null;
    if (!(await spend())) {
      complete = false;
      return null;
    }
    return probeArtwork(facts.artworkUrl, deps);
  };
  const media = async (): Promise<MediaProbe | null> => {
    if (facts.latestEnclosure === null || facts.checks.length === 1) return null;
    if (!(await spend()) || !(await spend())) {
      complete = false;
      return null;
    }
    return probeMedia(facts.latestEnclosure.url, deps);
  };
  const [art, file] = await Promise.all([artwork(), media()]);
  const report = buildReport(
    facts,
    { kind: "fetched", finalUrl: fetched.url, fetchMs: fetched.ms, artwork: art, media: file },
    { feed: fetched.url, readAt: meta.readAt },
  );
  if (!complete) {
    // A probe the limit stopped is not a finding about the feed: say so, and keep no copy.
    for (const check of report.checks) {
      if (check.network === "artwork" || check.network === "media") {
        const skipped =
          (check.network === "artwork" && art === null && facts.artworkUrl !== null) ||
          (check.network === "media" && file === null && facts.latestEnclosure !== null);
        if (skipped) {
          check.status = "unchecked";
          check.note = "not checked (too many checks from you this minute)";
        }
      }
    }
    report.summary = summarize(report.checks);
  }
  return { report, complete };
}
