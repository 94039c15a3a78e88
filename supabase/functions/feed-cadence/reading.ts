import { cadence, parseFeed, type Cadence } from "./feed.ts";

// Reading a feed's bytes, from decoding to pace: pure, synchronous, plain data in and out, so
// it can run in a worker (read-worker.ts).

export type ReadFeedOptions = {
  /** The Content-Type's charset parameter; null when there is none. */
  httpCharset: string | null;
  /** "Today", in ms since the epoch. */
  now: number;
};

export type FeedReading =
  | { ok: true; cadence: Cadence }
  | { ok: false; code: "not_a_feed" | "no_episode_dates"; reason: string };

function decoderFor(charset: string | null): TextDecoder {
  try {
    return new TextDecoder(charset ?? "utf-8");
  } catch {
    return new TextDecoder("utf-8");
  }
}

export function readFeed(bytes: Uint8Array, options: ReadFeedOptions): FeedReading {
  const parsed = parseFeed(decoderFor(options.httpCharset).decode(bytes));
  if (!parsed.ok) return { ok: false, code: "not_a_feed", reason: parsed.reason };
  const result = cadence(parsed.feed, options.now);
  if (result === null) return { ok: false, code: "no_episode_dates", reason: "no_episode_dates" };
  return { ok: true, cadence: result };
}
