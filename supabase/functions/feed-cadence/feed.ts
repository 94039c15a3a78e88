import { ALL_ENTITIES, COMMON_HTML, EntityDecoder, ENTITY_ACTION } from "@nodable/entities";
import { XMLParser } from "fast-xml-parser";
import { parseFeedDate } from "./dates.ts";

// Reads a podcast feed, RSS 2.0, RSS 1.0 (RDF) or Atom, into its episodes. Runs only in the
// function: the parser never ships to the browser. Tag and attribute names are read
// case-insensitively, and the iTunes, Podcasting 2.0 and Media RSS tags by their namespace,
// whatever prefix the feed bound it to.

/** `itunes:episodeType`; null when the item has none (or one Apple does not define). */
export type EpisodeType = "full" | "trailer" | "bonus";

export type Episode = {
  /** The audio or video file; one episode per URL. */
  enclosureUrl: string;
  /** Milliseconds since the epoch, or null when the item has no readable date. */
  published: number | null;
  /** Null when missing, unreadable or 0. */
  durationSeconds: number | null;
  hasTranscript: boolean;
  episodeType: EpisodeType | null;
};

export type Feed = {
  title: string;
  artworkUrl: string | null;
  /** Distinct episodes, in the feed's order. */
  episodes: Episode[];
  /** Items the feed listed twice (the same enclosure URL), counted once. */
  duplicates: number;
  /** Items (entries) the feed lists, episodes or not. */
  items: number;
  /** Items without an audio or video file: posts, photos, documents. */
  withoutMedia: number;
  /** The feed links to more pages of its list (`rel="next"` and the like, RFC 5005). */
  paged: boolean;
  /** `podcast:medium` as written ("podcast", "music", "audiobook"…); null when absent. */
  medium: string | null;
  /** `itunes:complete` is "Yes": the show says no new episodes will come. */
  complete: boolean;
  /** `itunes:block` is "Yes": the show asks Apple Podcasts to leave it out of its directory. */
  blocked: boolean;
};

export type FeedParseResult =
  { ok: true; feed: Feed } | { ok: false; reason: "malformed" | "no_feed_element" | "no_episodes" };

/** HTML's named entities: the full set leaves out the common ones (`&ndash;`, `&hellip;`). */
const HTML_ENTITIES = { ...ALL_ENTITIES, ...COMMON_HTML };

/**
 * Only the predefined XML entities, HTML's named ones (feeds copy them from web pages) and
 * numeric character references are decoded. A DOCTYPE's own entities are dropped (`BLOCK`, so
 * `&name;` stays as written) and external ones make the parser throw: no XXE, no billion laughs.
 * Names are lower-cased: real feeds write `<PubDate>` or `<Enclosure URL=…>` too.
 */
export function createParser(): XMLParser {
  return new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "@_",
    parseTagValue: false,
    parseAttributeValue: false,
    processEntities: true,
    transformTagName: (name) => name.toLowerCase(),
    transformAttributeName: (name) => name.toLowerCase(),
    entityDecoder: new EntityDecoder({
      namedEntities: HTML_ENTITIES,
      numericAllowed: true,
      onInputEntity: () => ENTITY_ACTION.BLOCK,
      onExternalEntity: () => ENTITY_ACTION.BLOCK,
    }),
  });
}

export type Node = Record<string, unknown>;

export const asNode = (value: unknown): Node | undefined =>
  typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Node)
    : undefined;

export const all = (value: unknown): unknown[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** An element's text, whether the parser gave a string or an object with `#text`. */
export function text(value: unknown): string | undefined {
  if (Array.isArray(value)) return text(value[0]);
  if (typeof value === "string") return value.trim();
  if (typeof value === "number") return String(value);
  const node = asNode(value);
  if (node && typeof node["#text"] === "string") return node["#text"].trim();
  return undefined;
}

export function attribute(value: unknown, name: string): string | undefined {
  const node = asNode(Array.isArray(value) ? value[0] : value);
  const found = node?.[`@_${name}`];
  return typeof found === "string" ? found.trim() : undefined;
}

/** An attribute by its local name, with or without a prefix (RSS 1.0 writes `rdf:resource`). */
export function anyAttribute(value: unknown, local: string): string | undefined {
  const node = asNode(Array.isArray(value) ? value[0] : value);
  if (node === undefined) return undefined;
  const own = attribute(node, local);
  if (own !== undefined) return own;
  const key = Object.keys(node).find((name) => name.startsWith("@_") && name.endsWith(`:${local}`));
  const found = key === undefined ? undefined : node[key];
  return typeof found === "string" ? found.trim() : undefined;
}

/** Every child whose local name is `local`, under any prefix the document chose. */
export function prefixed(node: Node, local: string): unknown[] {
  return Object.keys(node)
    .filter((key) => key.endsWith(`:${local}`))
    .flatMap((key) => all(node[key]));
}

// Namespaces, matched by URI. A URI is compared without its scheme, case or trailing "/" or
// "#": feeds write Apple's as http or https, "DTDs/Podcast-1.0.dtd" or "dtds/podcast-1.0.dtd".
export type Namespace = { uris: readonly string[]; prefix: string };

export const normalUri = (uri: string) =>
  uri
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, "")
    .replace(/[/#]+$/, "");

function namespace(prefix: string, ...uris: string[]): Namespace {
  return { prefix, uris: uris.map(normalUri) };
}

export const ITUNES = namespace("itunes", "http://www.itunes.com/dtds/podcast-1.0.dtd");
export const PODCAST = namespace(
  "podcast",
  "https://podcastindex.org/namespace/1.0",
  "https://github.com/Podcastindex-org/podcast-namespace/blob/main/docs/1.0.md",
);
export const MEDIA_RSS = namespace("media", "http://search.yahoo.com/mrss/");
const RDF = namespace("rdf", "http://www.w3.org/1999/02/22-rdf-syntax-ns#");
const RSS1 = namespace("rss", "http://purl.org/rss/1.0/");

/** Prefix to normalised URI, for the elements in scope; "" is the default namespace. */
export type Scope = ReadonlyMap<string, string>;

/** `scope` with the namespaces `node` declares. */
export function within(scope: Scope, node: Node | undefined): Scope {
  if (node === undefined) return scope;
  let inner: Map<string, string> | undefined;
  for (const key of Object.keys(node)) {
    if (key !== "@_xmlns" && !key.startsWith("@_xmlns:")) continue;
    const uri = node[key];
    if (typeof uri !== "string") continue;
    inner ??= new Map(scope);
    inner.set(key === "@_xmlns" ? "" : key.slice("@_xmlns:".length), normalUri(uri));
  }
  return inner ?? scope;
}

/** Whether `prefix` names `ns` in `scope`; an undeclared prefix counts by its usual name. */
export function names(scope: Scope, prefix: string, ns: Namespace): boolean {
  const uri = scope.get(prefix);
  return uri === undefined ? prefix === ns.prefix : ns.uris.includes(uri);
}

/** The children of `node` named `local` in namespace `ns`, whatever their prefix. */
export function children(node: Node, scope: Scope, ns: Namespace, local: string): unknown[] {
  const found: unknown[] = [];
  for (const key of Object.keys(node)) {
    const colon = key.indexOf(":");
    if (key.slice(colon + 1) !== local || key.startsWith("@_")) continue;
    const prefix = colon === -1 ? "" : key.slice(0, colon);
    for (const child of all(node[key])) {
      const own = within(scope, asNode(child));
      if (names(own, prefix, ns)) found.push(child);
    }
  }
  return found;
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
  "mpga",
  "caf",
  "amr",
  "weba",
  // video
  "mp4",
  "m4v",
  "mov",
  "webm",
  "mkv",
  "avi",
  "wmv",
  "3gp",
  "3g2",
  "mpg",
  "mpeg",
  "ogv",
]);

/** Types that say nothing about the content: the file's extension decides instead. */
const GENERIC_TYPES = new Set([
  "",
  "application/octet-stream",
  "binary/octet-stream",
  "application/binary",
  "application/download",
  "application/force-download",
  "application/x-download",
  "application/unknown",
  "application/x-unknown-content-type",
  "unknown/unknown",
]);

/** Audio and video, including the `x-audio/mp3` and `audio/x-m4a` forms older tools wrote. */
const MEDIA_TYPE = /^(?:x-)?(?:audio|video)\/|^application\/(?:x-)?ogg$/;

/** The file's extension, from the URL's path (its query and fragment removed). */
export function extensionOf(url: string): string | undefined {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    path = url.split(/[?#]/)[0] ?? "";
  }
  return /\.([a-z0-9]+)\/?$/i.exec(path)?.[1]?.toLowerCase();
}

/**
 * An enclosure is an episode when its type is audio or video, or, when the type is missing,
 * generic or no MIME type at all ("mp3"), when its file name ends like one. A JPEG is a news
 * photo, not an episode.
 */
export function isMediaEnclosure(url: string, type: string | undefined): boolean {
  const mime = (type ?? "").split(";")[0]!.trim().toLowerCase();
  if (!GENERIC_TYPES.has(mime) && mime.includes("/")) return MEDIA_TYPE.test(mime);
  const extension = extensionOf(url);
  return extension !== undefined && MEDIA_EXTENSIONS.has(extension);
}

/** A file the item points at: an enclosure, Media RSS content or an alternate enclosure. */
type Candidate = {
  url: string | undefined;
  type: string | undefined;
  medium?: string;
  /** Media RSS gives the length in seconds on the file itself. */
  duration?: string;
};

function isMediaCandidate(candidate: Candidate): candidate is Candidate & { url: string } {
  const { url, type, medium } = candidate;
  if (url === undefined || url === "") return false;
  // Media RSS may give only `medium="audio"` where RSS gives a type.
  if ((type ?? "").trim() === "" && medium !== undefined) {
    const kind = medium.toLowerCase();
    if (kind === "audio" || kind === "video") return true;
    if (kind !== "") return false;
  }
  return isMediaEnclosure(url, type);
}

/** One spelling per file: a space and its `%20` are the same URL. */
function canonicalUrl(url: string): string {
  try {
    return new URL(url).href;
  } catch {
    return url;
  }
}

type RawItem = {
  candidates: Candidate[];
  date: string | undefined;
  duration: string | undefined;
  hasTranscript: boolean;
  episodeType: string | undefined;
};

/** Media RSS files: `media:content`, directly or in a `media:group`. */
function mediaContents(item: Node, scope: Scope): Candidate[] {
  const groups = children(item, scope, MEDIA_RSS, "group").flatMap((group) => {
    const node = asNode(group);
    return node === undefined ? [] : children(node, within(scope, node), MEDIA_RSS, "content");
  });
  return [...children(item, scope, MEDIA_RSS, "content"), ...groups].map((content) => ({
    url: attribute(content, "url"),
    type: attribute(content, "type"),
    medium: attribute(content, "medium") ?? "",
    duration: attribute(content, "duration"),
  }));
}

/** Podcasting 2.0's `alternateEnclosure`: its type, with each of its sources' URI. */
function alternateEnclosures(item: Node, scope: Scope): Candidate[] {
  return children(item, scope, PODCAST, "alternateenclosure").flatMap((alternate) => {
    const node = asNode(alternate);
    if (node === undefined) return [];
    const type = attribute(node, "type");
    return children(node, within(scope, node), PODCAST, "source").map((source) => ({
      url: attribute(source, "uri"),
      type,
    }));
  });
}

/** What every kind of item says the same way, once its own files are known. */
function commonFields(item: Node, scope: Scope, date: string | undefined) {
  return {
    date,
    duration: text(children(item, scope, ITUNES, "duration")[0] ?? prefixed(item, "duration")[0]),
    hasTranscript: prefixed(item, "transcript").length > 0,
    episodeType: text(children(item, scope, ITUNES, "episodetype")[0]),
  };
}

function rssItem(item: Node, outer: Scope): RawItem {
  const scope = within(outer, item);
  const enclosures = [...all(item.enclosure), ...prefixed(item, "enclosure")].map((enclosure) => ({
    // RSS 2.0 writes `url`; RSS 1.0's enclosure module writes `rdf:resource`.
    url: attribute(enclosure, "url") ?? anyAttribute(enclosure, "resource"),
    type: anyAttribute(enclosure, "type"),
  }));
  return {
    candidates: [...enclosures, ...mediaContents(item, scope), ...alternateEnclosures(item, scope)],
    // pubDate, else Dublin Core's date, else Atom's (.NET writes a10:updated in RSS items).
    ...commonFields(
      item,
      scope,
      text(item.pubdate) ??
        text(prefixed(item, "date")[0]) ??
        text(prefixed(item, "published")[0]) ??
        text(prefixed(item, "updated")[0]),
    ),
  };
}

function atomEntry(entry: Node, outer: Scope): RawItem {
  const scope = within(outer, entry);
  const links = [...all(entry.link), ...prefixed(entry, "link")];
  const enclosures = links
    .filter((link) => (attribute(link, "rel") ?? "").toLowerCase() === "enclosure")
    .map((link) => ({ url: attribute(link, "href"), type: attribute(link, "type") }));
  // Atom may also point `content` at the file itself (`<content src=… type="audio/mpeg"/>`).
  const content = all(entry.content).map((node) => ({
    url: attribute(node, "src"),
    type: attribute(node, "type"),
  }));
  return {
    candidates: [...enclosures, ...mediaContents(entry, scope), ...content],
    ...commonFields(
      entry,
      scope,
      text(entry.published) ?? text(entry.updated) ?? text(prefixed(entry, "date")[0]),
    ),
  };
}

const PAGING_RELATIONS = new Set(["next", "previous", "prev", "prev-archive"]);

function isPaged(container: Node): boolean {
  return [...all(container.link), ...prefixed(container, "link")].some((link) =>
    PAGING_RELATIONS.has((attribute(link, "rel") ?? "").toLowerCase()),
  );
}

function episodeType(value: string | undefined): EpisodeType | null {
  const type = value?.toLowerCase();
  return type === "full" || type === "trailer" || type === "bonus" ? type : null;
}

/** The episodes of `items`, one per enclosure URL, the first listing of each kept. */
function distinctEpisodes(items: RawItem[]): {
  episodes: Episode[];
  duplicates: number;
  withoutMedia: number;
} {
  const byUrl = new Map<string, Episode>();
  let duplicates = 0;
  let withoutMedia = 0;
  for (const item of items) {
    // The first audio or video file the item names is the episode; the rest are its copies.
    const media = item.candidates.find(isMediaCandidate);
    if (media === undefined) {
      withoutMedia += 1;
      continue;
    }
    const url = canonicalUrl(media.url.trim());
    const episode: Episode = {
      enclosureUrl: url,
      published: parseFeedDate(item.date),
      durationSeconds: parseDuration(item.duration) ?? parseDuration(media.duration),
      hasTranscript: item.hasTranscript,
      episodeType: episodeType(item.episodeType),
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
    seen.episodeType ??= episode.episodeType;
  }
  return { episodes: [...byUrl.values()], duplicates, withoutMedia };
}

const yes = (value: unknown) => text(value)?.toLowerCase() === "yes";

/** `podcast:medium`, when it is a word (the Podcasting 2.0 namespace's values are short names). */
function mediumOf(container: Node, scope: Scope): string | null {
  const value = text(children(container, scope, PODCAST, "medium")[0]);
  return value !== undefined && /^[a-z]{1,32}$/i.test(value) ? value : null;
}

/** A `&` that starts no character or entity reference: text, as every feed reader takes it. */
const BARE_AMPERSAND = /&(?!#\d{1,7};|#x[\da-f]{1,6};|[a-z][\w.-]{0,31};)/gi;
/** The end of the document's root, for cutting what a server printed after it. */
const ROOT_END = /<\/(?:[\w.-]+:)?(?:rss|feed|rdf)\s*>/gi;

/**
 * The two slips that make real feeds ill-formed XML most often, undone: a bare `&` in text
 * ("Tom & Jerry") and output after the root element (a PHP warning, a cache comment). CDATA is
 * left as written. Anything else stays malformed.
 */
export function repairCommonSlips(xml: string): string {
  let end = -1;
  for (const match of xml.matchAll(ROOT_END)) end = match.index + match[0].length;
  const body = end === -1 ? xml : xml.slice(0, end);
  let repaired = "";
  let at = 0;
  while (at < body.length) {
    const cdata = body.indexOf("<![CDATA[", at);
    const stop = cdata === -1 ? body.length : cdata;
    repaired += body.slice(at, stop).replace(BARE_AMPERSAND, "&amp;");
    if (cdata === -1) break;
    const close = body.indexOf("]]>", cdata);
    const after = close === -1 ? body.length : close + 3;
    repaired += body.slice(cdata, after);
    at = after;
  }
  return repaired;
}

type Located = { container: Node; scope: Scope; items: RawItem[] };

/** RSS 2.0's channel, an RDF document's channel and items, or an Atom feed. */
function locate(document: Node): Located | undefined {
  const rss = asNode(document.rss);
  if (rss !== undefined) {
    // The first channel, should a feed repeat it; items RSS 0.9x tools put beside it count too.
    const channel = asNode(all(rss.channel)[0]);
    if (channel === undefined) return undefined;
    const scope = within(within(new Map(), rss), channel);
    const items = [...all(channel.item), ...all(rss.item)].map((raw) =>
      rssItem(asNode(raw) ?? {}, scope),
    );
    return { container: channel, scope, items };
  }
  // RSS 1.0: `rdf:RDF` (any prefix bound to RDF) holds the channel and, beside it, the items.
  for (const key of Object.keys(document)) {
    const colon = key.indexOf(":");
    if (key.slice(colon + 1) !== "rdf") continue;
    const root = asNode(document[key]);
    const outer = within(new Map(), root);
    if (root === undefined || !names(outer, colon === -1 ? "" : key.slice(0, colon), RDF)) continue;
    const channel =
      asNode(all(root.channel)[0]) ?? asNode(children(root, outer, RSS1, "channel")[0]);
    if (channel === undefined) return undefined;
    const scope = within(outer, channel);
    const raw = [...all(root.item), ...all(channel.item)];
    const items = raw.map((item) => rssItem(asNode(item) ?? {}, scope));
    return { container: channel, scope, items };
  }
  const feed = asNode(document.feed);
  if (feed !== undefined) {
    const scope = within(new Map(), feed);
    const items = all(feed.entry).map((raw) => atomEntry(asNode(raw) ?? {}, scope));
    return { container: feed, scope, items };
  }
  return undefined;
}

/**
 * The document tree as the feed reader builds it (the feed check-up reads the same tree), its
 * two common slips repaired; "malformed" when even the repaired text is not XML.
 */
export function parseDocument(xml: string): Node | undefined | "malformed" {
  try {
    return asNode(createParser().parse(xml, true));
  } catch {
    const repaired = repairCommonSlips(xml);
    if (repaired === xml) return "malformed";
    try {
      return asNode(createParser().parse(repaired, true));
    } catch {
      return "malformed";
    }
  }
}

/**
 * Parses RSS 2.0 (`rss > channel > item`), RSS 1.0 (`rdf:RDF > item`) or Atom (`feed > entry`)
 * text. A document with none of them, or without a single audio or video file, is no podcast
 * feed.
 */
export function parseFeed(xml: string): FeedParseResult {
  const document = parseDocument(xml);
  if (document === "malformed") return { ok: false, reason: "malformed" };
  return feedOf(document);
}

/** The feed in a tree parseDocument built. */
export function feedOf(document: Node | undefined): FeedParseResult {
  const located = document === undefined ? undefined : locate(document);
  if (located === undefined) return { ok: false, reason: "no_feed_element" };
  const { container, scope, items } = located;

  const { episodes, duplicates, withoutMedia } = distinctEpisodes(items);
  if (episodes.length === 0) return { ok: false, reason: "no_episodes" };

  // An HTML page's `&nbsp;` or a line break in the title reads as one space.
  const title = (text(container.title) ?? "").replace(/\s+/g, " ").slice(0, MAX_TITLE_LENGTH);
  const artworkUrl = httpUrlOrNull(
    attribute(prefixed(container, "image")[0], "href") ??
      text(asNode(container.image)?.url) ??
      text(container.logo) ??
      text(container.icon),
  );
  return {
    ok: true,
    feed: {
      title,
      artworkUrl,
      episodes,
      duplicates,
      items: items.length,
      withoutMedia,
      paged: isPaged(container),
      medium: mediumOf(container, scope),
      complete: yes(children(container, scope, ITUNES, "complete")[0]),
      blocked: yes(children(container, scope, ITUNES, "block")[0]),
    },
  };
}
