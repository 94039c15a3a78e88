import { EntityDecoder, ENTITY_ACTION } from "@nodable/entities";
import { XMLParser } from "fast-xml-parser";

// Reads a podcast's RSS feed and works out how often it publishes. Runs only in the function:
// the parser never ships to the browser.

export type FeedItem = {
  /** Milliseconds since the epoch, or null when the item has no readable date. */
  published: number | null;
  durationSeconds: number | null;
  hasTranscript: boolean;
  hasEnclosure: boolean;
};

export type Feed = { title: string; artworkUrl: string | null; items: FeedItem[] };

export type FeedParseResult =
  { ok: true; feed: Feed } | { ok: false; reason: "malformed" | "not_a_podcast_feed" };

/**
 * Only the five predefined XML entities and numeric character references are decoded. A
 * DOCTYPE's own entities are dropped (`BLOCK`, so `&name;` stays as written) and external ones
 * make the parser throw: no XXE, no billion laughs.
 */
function createParser(): XMLParser {
  return new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "@_",
    parseTagValue: false,
    parseAttributeValue: false,
    isArray: (name) => name === "item",
    processEntities: true,
    entityDecoder: new EntityDecoder({
      numericAllowed: true,
      onInputEntity: () => ENTITY_ACTION.BLOCK,
      onExternalEntity: () => ENTITY_ACTION.BLOCK,
    }),
  });
}

type Node = Record<string, unknown>;

const asNode = (value: unknown): Node | undefined =>
  typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Node)
    : undefined;

/** An element's text, whether the parser gave a string or an object with `#text`. */
function text(value: unknown): string | undefined {
  if (Array.isArray(value)) return text(value[0]);
  if (typeof value === "string") return value.trim();
  const node = asNode(value);
  if (node && typeof node["#text"] === "string") return node["#text"].trim();
  return undefined;
}

function attribute(value: unknown, name: string): string | undefined {
  const node = asNode(Array.isArray(value) ? value[0] : value);
  const found = node?.[`@_${name}`];
  return typeof found === "string" ? found.trim() : undefined;
}

const MAX_TITLE_LENGTH = 200;

function httpUrlOrNull(value: string | undefined): string | null {
  if (value === undefined) return null;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * `itunes:duration` in any of its forms: seconds ("3600", "3600.5"), "MM:SS" or "HH:MM:SS"
 * (fields of one or two digits after the first). Anything else is null.
 */
export function parseDuration(value: string | undefined): number | null {
  if (value === undefined) return null;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed));
  const match = /^(?:(\d+):)?(\d{1,2}):(\d{1,2})(?:\.\d+)?$/.exec(trimmed);
  if (match === null) return null;
  const [, hours = "0", minutes = "0", seconds = "0"] = match;
  if (Number(seconds) > 59 || (match[1] !== undefined && Number(minutes) > 59)) return null;
  return Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds);
}

/** RFC 822 dates as feeds write them ("Tue, 03 Jun 2025 09:00:00 GMT"), or ISO 8601. */
function parseDate(value: string | undefined): number | null {
  if (value === undefined || value === "") return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : time;
}

/** Parses RSS 2.0 text. A document without `rss > channel`, or without audio, is no podcast. */
export function parseFeed(xml: string): FeedParseResult {
  let document: unknown;
  try {
    document = createParser().parse(xml, true);
  } catch {
    return { ok: false, reason: "malformed" };
  }
  const channel = asNode(asNode(asNode(document)?.rss)?.channel);
  if (channel === undefined) return { ok: false, reason: "not_a_podcast_feed" };

  const items = (Array.isArray(channel.item) ? channel.item : []).map((raw): FeedItem => {
    const item = asNode(raw) ?? {};
    return {
      published: parseDate(text(item.pubDate) ?? text(item["dc:date"])),
      durationSeconds: parseDuration(text(item["itunes:duration"])),
      hasTranscript: item["podcast:transcript"] !== undefined,
      hasEnclosure: attribute(item.enclosure, "url") !== undefined,
    };
  });
  if (!items.some((item) => item.hasEnclosure)) return { ok: false, reason: "not_a_podcast_feed" };

  const title = (text(channel.title) ?? "").slice(0, MAX_TITLE_LENGTH);
  const artworkUrl = httpUrlOrNull(
    attribute(channel["itunes:image"], "href") ?? text(asNode(channel.image)?.url),
  );
  return { ok: true, feed: { title, artworkUrl, items } };
}

export type MonthCount = { month: string; episodes: number };
export type Period = {
  months: number;
  /** Episodes a month on average, to one decimal. */
  mean: number;
  busiest: MonthCount;
};

export type Cadence = {
  title: string;
  artworkUrl: string | null;
  /** Every episode in the feed, dated or not. */
  episodes: number;
  /** ISO date of the newest dated episode. */
  lastEpisodeAt: string;
  /** The 12 complete calendar months (UTC) before this one, oldest first. */
  months: MonthCount[];
  last6: Period;
  last12: Period;
  /** Months among those 12 with five or more episodes. */
  monthsWithFiveOrMore: number;
  /** Median `itunes:duration` of the episodes in those 12 months (or of all, if none had one). */
  medianDurationSeconds: number | null;
  hasTranscripts: boolean;
};

const monthKey = (year: number, month: number) => `${year}-${String(month + 1).padStart(2, "0")}`;

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? sorted[middle]!
    : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2);
}

function period(months: MonthCount[]): Period {
  const total = months.reduce((sum, month) => sum + month.episodes, 0);
  const busiest = months.reduce((best, month) => (month.episodes > best.episodes ? month : best));
  return { months: months.length, mean: Math.round((total / months.length) * 10) / 10, busiest };
}

/** How often the show published in the 12 complete months before `now`; null without dates. */
export function cadence(feed: Feed, now: number): Cadence | null {
  const dated = feed.items.filter((item) => item.published !== null);
  if (dated.length === 0) return null;

  const today = new Date(now);
  const months: MonthCount[] = [];
  for (let back = 12; back >= 1; back--) {
    const start = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - back, 1));
    months.push({ month: monthKey(start.getUTCFullYear(), start.getUTCMonth()), episodes: 0 });
  }
  const index = new Map(months.map((month, i) => [month.month, i]));
  const recent: FeedItem[] = [];
  for (const item of dated) {
    const date = new Date(item.published!);
    const i = index.get(monthKey(date.getUTCFullYear(), date.getUTCMonth()));
    if (i === undefined) continue;
    months[i]!.episodes += 1;
    recent.push(item);
  }

  const durations = (items: FeedItem[]) =>
    items.flatMap((item) => (item.durationSeconds === null ? [] : [item.durationSeconds]));
  const recentDurations = durations(recent);
  const newest = Math.max(...dated.map((item) => item.published!));
  return {
    title: feed.title,
    artworkUrl: feed.artworkUrl,
    episodes: feed.items.length,
    lastEpisodeAt: new Date(newest).toISOString(),
    months,
    last6: period(months.slice(-6)),
    last12: period(months),
    monthsWithFiveOrMore: months.filter((month) => month.episodes >= 5).length,
    medianDurationSeconds: median(
      recentDurations.length > 0 ? recentDurations : durations(feed.items),
    ),
    hasTranscripts: feed.items.some((item) => item.hasTranscript),
  };
}
