import { decodeFeed, type EncodingSource } from "./encoding.ts";
import { parseFeed } from "./feed.ts";
import { cadence, type Cadence } from "./pace.ts";
import { checkShape, SHAPE_LIMITS, type ShapeLimits } from "./shape.ts";

// The whole reading of a feed's bytes, from encoding to pace: pure, synchronous, with plain
// data in and out, so the same function runs in the handler, in a worker and in
// `npm run feed:report`.

export type ReadFeedOptions = {
  /** The Content-Type's charset parameter; null for a saved file or a header without one. */
  httpCharset: string | null;
  /** "Today", in ms since the epoch: the months counted end before its month. */
  now: number;
  /** Tests shrink these; production uses SHAPE_LIMITS. */
  limits?: ShapeLimits;
};

/** Why a document was refused, for the log; the visitor sees only the code. */
export type RefusalReason =
  | "malformed"
  | "no_feed_element"
  | "no_episodes"
  | "no_episode_dates"
  | `oversized_${keyof ShapeLimits}`;

/** What became of each item the feed lists; `listed` is `counted` plus every skipped one. */
export type ItemTally = {
  /** Items (RSS) or entries (Atom) in the feed. */
  listed: number;
  /** Counted as episodes: `cadence.episodes`. */
  counted: number;
  skipped: {
    /** No audio or video file: a post, a photo, a document. */
    noMedia: number;
    /** The same file as an item before it. */
    duplicate: number;
    /** Dated after today: not published yet. */
    scheduled: number;
  };
};

export type FeedReading =
  | {
      ok: true;
      cadence: Cadence;
      items: ItemTally;
      encoding: string;
      encodingSource: EncodingSource;
    }
  | { ok: false; code: "not_a_feed" | "no_episode_dates"; reason: RefusalReason };

export function readFeed(bytes: Uint8Array, options: ReadFeedOptions): FeedReading {
  const decoded = decodeFeed(bytes, options.httpCharset);
  // Whitespace (and a decoded mark) before the declaration is harmless; the parser wants none.
  const text = decoded.text.replace(/^[\uFEFF\s]+/, "");
  const shape = checkShape(text, options.limits ?? SHAPE_LIMITS);
  if (!shape.ok) return { ok: false, code: "not_a_feed", reason: `oversized_${shape.limit}` };
  const parsed = parseFeed(text);
  if (!parsed.ok) return { ok: false, code: "not_a_feed", reason: parsed.reason };
  const result = cadence(parsed.feed, options.now);
  if (result === null) return { ok: false, code: "no_episode_dates", reason: "no_episode_dates" };
  const { feed } = parsed;
  return {
    ok: true,
    cadence: result,
    items: {
      listed: feed.items,
      counted: result.episodes,
      skipped: {
        noMedia: feed.withoutMedia,
        duplicate: feed.duplicates,
        scheduled: result.futureEpisodes,
      },
    },
    encoding: decoded.encoding,
    encodingSource: decoded.source,
  };
}
