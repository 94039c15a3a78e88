import {
  FUNCTION_NAMES,
  feedTimeoutMs,
  type Cadence,
  type PaceBasis,
} from "../../../supabase/functions/_shared/contract.ts";
import { anonKeyHeaders, functionUrl } from "~/lib/functions-url";

export type { Cadence, PaceBasis };

/** What the browser says when the function could not say it. */
export const feedClientMessages = {
  notAUrl:
    "That isn't a web address. Paste your feed's full URL, starting with https:// or http://.",
  tooSlow: "The feed took too long to arrive. Please try again in a moment.",
  unreachable: "We couldn't reach our feed reader just now. Please try again in a moment.",
} as const;

export type FeedOutcome = { ok: true; cadence: Cadence } | { ok: false; message: string };

/** An absolute http(s) URL, as the function will want it; checked before any request. */
export function looksLikeFeedUrl(text: string): boolean {
  try {
    const { protocol } = new URL(text.trim());
    return protocol === "https:" || protocol === "http:";
  } catch {
    return false;
  }
}

function isCadence(value: unknown): value is Cadence {
  if (typeof value !== "object" || value === null) return false;
  const { months, last12, last6, basis, episodesPerMonth } = value as Partial<Cadence>;
  return (
    Array.isArray(months) &&
    months.length === 12 &&
    !!last12 &&
    !!last6 &&
    typeof basis?.kind === "string" &&
    (episodesPerMonth === null || typeof episodesPerMonth === "number")
  );
}

/**
 * An answer from a function deployed before the reading said what a feed says of itself
 * (episode types, medium, complete, block) reads as a plain podcast feed: the site and the
 * function deploy apart.
 */
function withReadingDefaults(cadence: Cadence): Cadence {
  return {
    ...cadence,
    pacedEpisodes: cadence.pacedEpisodes ?? cadence.episodes,
    episodeTypes: cadence.episodeTypes ?? {
      full: 0,
      trailer: 0,
      bonus: 0,
      unspecified: cadence.episodes,
    },
    medium: cadence.medium ?? null,
    complete: cadence.complete ?? false,
    blocked: cadence.blocked ?? false,
  };
}

/**
 * Asks `feed-cadence` about one feed. Every failure becomes a sentence for the visitor: the
 * function's own (not a URL, not reachable, not a feed, too large, too slow, too many
 * requests), or one of `feedClientMessages` when no answer came.
 */
export async function requestFeedCadence(
  url: string,
  origin: string,
  fetchImpl: typeof fetch = fetch,
): Promise<FeedOutcome> {
  if (!looksLikeFeedUrl(url)) return { ok: false, message: feedClientMessages.notAUrl };
  let response: Response;
  try {
    response = await fetchImpl(functionUrl(FUNCTION_NAMES.feedCadence, origin), {
      method: "POST",
      headers: { "Content-Type": "application/json", ...anonKeyHeaders() },
      body: JSON.stringify({ url: url.trim() }),
      signal: AbortSignal.timeout(feedTimeoutMs),
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
  if (response.ok && isCadence(body)) return { ok: true, cadence: withReadingDefaults(body) };
  const text = (body as { error?: unknown } | null)?.error;
  return {
    ok: false,
    message:
      typeof text === "string" && text.trim() !== "" ? text.trim() : feedClientMessages.unreachable,
  };
}
