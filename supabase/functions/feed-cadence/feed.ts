import { EntityDecoder, ENTITY_ACTION } from "@nodable/entities";
import { XMLParser } from "fast-xml-parser";
import { parseFeedDate } from "./dates.ts";

// Reads a podcast feed, RSS 2.0 or Atom, into its episodes. Runs only in the function: the
// parser never ships to the browser.

export type Episode = {
  /** The audio or video file; one episode per URL. */
  enclosureUrl: string;
  /** Milliseconds since the epoch, or null when the item has no readable date. */
  published: number | null;
  /** Null when missing, unreadable or 0. */
  durationSeconds: number | null;
  hasTranscript: boolean;
};

export type Feed = {
  title: string;
  artworkUrl: string | null;
  /** Distinct episodes, in the feed's order. */
  episodes: Episode[];
  /** Items the feed listed twice (the same enclosure URL), counted once. */
  duplicates: number;
  /** The feed links to more pages of its list (`rel="next"` and the like, RFC 5005). */
  paged: boolean;
};

export type FeedParseResult =
  { ok: true; feed: Feed } | { ok: false; reason: "malformed" | "no_feed_element" | "no_episodes" };

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

const all = (value: unknown): unknown[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** An element's text, whether the parser gave a string or an object with `#text`. */
function text(value: unknown): string | undefined {
  if (Array.isArray(value)) return text(value[0]);
  if (typeof value === "string") return value.trim();
  if (typeof value === "number") return String(value);
  const node = asNode(value);
  if (node && typeof node["#text"] === "string") return node["#text"].trim();
  return undefined;
}

function attribute(value: unknown, name: string): string | undefined {
  const node = asNode(Array.isArray(value) ? value[0] : value);
  const found = node?.[`@_${name}`];
  return typeof found === "string" ? found.trim() : undefined;
}

/** Every child whose local name is `local`, under any prefix the document chose. */
function prefixed(node: Node, local: string): unknown[] {
  return Object.keys(node)
    .filter((key) => key.endsWith(`:${local}`))
    .flatMap((key) => all(node[key]));
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
 * (fields of one or two digits after the first). Anything else, and 0, is null.
 */
export function parseDuration(value: string | undefined): number | null {
  if (value === undefined) return null;
  const trimmed = value.trim();
  let seconds: number;
  if (/^\d+(\.\d+)?$/.test(trimmed)) seconds = Math.round(Number(trimmed));
  else {
    const match = /^(?:(\d+):)?(\d{1,2}):(\d{1,2})(?:\.\d+)?$/.exec(trimmed);
    if (match === null) return null;
    const [, hours = "0", minutes = "0", secs = "0"] = match;
    if (Number(secs) > 59 || (match[1] !== undefined && Number(minutes) > 59)) return null;
    seconds = Number(hours) * 3600 + Number(minutes) * 60 + Number(secs);
  }
  return seconds > 0 ? seconds : null;
}

const MEDIA_EXTENSIONS = new Set([
  // audio
  "mp3",
  "m4a",
  "m4b",
  "aac",
  "ogg",
  "oga",
  "opus",
  "wav",
  "flac",
  "aif",
  "aiff",
  "wma",
  "mka",
  "mp2",
  // video
  "mp4",
  "m4v",
  "mov",
  "webm",
  "mkv",
  "avi",
  "wmv",
  "3gp",
  "mpg",
  "mpeg",
  "ogv",
]);

/** Types that say nothing about the content: the file's extension decides instead. */
const GENERIC_TYPES = new Set(["", "application/octet-stream", "binary/octet-stream"]);

/**
 * An enclosure is an episode when its type is audio or video, or, when the type is missing or
 * generic, when its file name ends like one. A JPEG is a news photo, not an episode.
 */
export function isMediaEnclosure(url: string, type: string | undefined): boolean {
  const mime = (type ?? "").split(";")[0]!.trim().toLowerCase();
  if (!GENERIC_TYPES.has(mime)) {
    return mime.startsWith("audio/") || mime.startsWith("video/") || mime === "application/ogg";
  }
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    path = url.split(/[?#]/)[0] ?? "";
  }
  const extension = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase();
  return extension !== undefined && MEDIA_EXTENSIONS.has(extension);
}

type RawItem = {
  enclosures: Array<{ url: string | undefined; type: string | undefined }>;
  date: string | undefined;
  duration: string | undefined;
  hasTranscript: boolean;
};

function rssItem(item: Node): RawItem {
  return {
    enclosures: all(item.enclosure).map((enclosure) => ({
      url: attribute(enclosure, "url"),
      type: attribute(enclosure, "type"),
    })),
    // pubDate, else Dublin Core's date, else Atom's (.NET writes a10:updated in RSS items).
    date:
      text(item.pubDate) ??
      text(prefixed(item, "date")[0]) ??
      text(prefixed(item, "published")[0]) ??
      text(prefixed(item, "updated")[0]),
    duration: text(prefixed(item, "duration")[0]),
    hasTranscript: prefixed(item, "transcript").length > 0,
  };
}

function atomEntry(entry: Node): RawItem {
  const links = [...all(entry.link), ...prefixed(entry, "link")];
  return {
    enclosures: links
      .filter((link) => attribute(link, "rel") === "enclosure")
      .map((link) => ({ url: attribute(link, "href"), type: attribute(link, "type") })),
    date: text(entry.published) ?? text(entry.updated) ?? text(prefixed(entry, "date")[0]),
    duration: text(prefixed(entry, "duration")[0]),
    hasTranscript: prefixed(entry, "transcript").length > 0,
  };
}

const PAGING_RELATIONS = new Set(["next", "previous", "prev", "prev-archive"]);

function isPaged(container: Node): boolean {
  return [...all(container.link), ...prefixed(container, "link")].some((link) =>
    PAGING_RELATIONS.has((attribute(link, "rel") ?? "").toLowerCase()),
  );
}

/** The episodes of `items`, one per enclosure URL, the first listing of each kept. */
function distinctEpisodes(items: RawItem[]): { episodes: Episode[]; duplicates: number } {
  const byUrl = new Map<string, Episode>();
  let duplicates = 0;
  for (const item of items) {
    const media = item.enclosures.find(
      (enclosure) =>
        enclosure.url !== undefined &&
        enclosure.url !== "" &&
        isMediaEnclosure(enclosure.url, enclosure.type),
    );
    if (media === undefined) continue;
    const url = media.url!;
    const episode: Episode = {
      enclosureUrl: url,
      published: parseFeedDate(item.date),
      durationSeconds: parseDuration(item.duration),
      hasTranscript: item.hasTranscript,
    };
    const seen = byUrl.get(url);
    if (seen === undefined) {
      byUrl.set(url, episode);
      continue;
    }
    // The same file listed again: one episode, completed from the second listing.
    duplicates += 1;
    // A re-post of the same audio is not a new episode: the first publication dates it.
    if (
      episode.published !== null &&
      (seen.published === null || episode.published < seen.published)
    )
      seen.published = episode.published;
    seen.durationSeconds ??= episode.durationSeconds;
    seen.hasTranscript ||= episode.hasTranscript;
  }
  return { episodes: [...byUrl.values()], duplicates };
}

/**
 * Parses RSS 2.0 (`rss > channel > item`) or Atom (`feed > entry`) text. A document with
 * neither, or without a single audio or video enclosure, is no podcast feed.
 */
export function parseFeed(xml: string): FeedParseResult {
  let document: Node | undefined;
  try {
    document = asNode(createParser().parse(xml, true));
  } catch {
    return { ok: false, reason: "malformed" };
  }
  const channel = asNode(asNode(document?.rss)?.channel);
  const atom = channel === undefined ? asNode(document?.feed) : undefined;
  const container = channel ?? atom;
  if (container === undefined) return { ok: false, reason: "no_feed_element" };

  const items = channel
    ? all(channel.item).map((raw) => rssItem(asNode(raw) ?? {}))
    : all(container.entry).map((raw) => atomEntry(asNode(raw) ?? {}));
  const { episodes, duplicates } = distinctEpisodes(items);
  if (episodes.length === 0) return { ok: false, reason: "no_episodes" };

  const title = (text(container.title) ?? "").slice(0, MAX_TITLE_LENGTH);
  const artworkUrl = httpUrlOrNull(
    attribute(prefixed(container, "image")[0], "href") ??
      text(asNode(container.image)?.url) ??
      text(container.logo) ??
      text(container.icon),
  );
  return { ok: true, feed: { title, artworkUrl, episodes, duplicates, paged: isPaged(container) } };
}
