import { decodeFeed } from "../encoding.ts";
import { parseFeedDate } from "../dates.ts";
import {
  all,
  asNode,
  attribute,
  children,
  extensionOf,
  ITUNES,
  MEDIA_RSS,
  parseDocument,
  parseDuration,
  feedOf,
  PODCAST,
  text,
  within,
  type Node,
  type Scope,
} from "../feed.ts";
import { cadence } from "../pace.ts";
import { checkShape, SHAPE_LIMITS } from "../shape.ts";
import { judgeCategory } from "./categories.ts";
import type { CheckResult, FeedFacts, Status } from "./types.ts";

// The check-up's reading of a feed's text: every rule that needs nothing but the feed, in one
// pass over its items. Each item counts once per check, and counts, not deductions, are kept,
// so a feed of 2,000 episodes is judged on its rules, not its length. Pure and synchronous,
// with plain data out, so it runs in the reading worker, in Node and in Deno alike.

export type CheckupReadOptions = {
  /** The Content-Type's charset parameter; null for a saved file. */
  httpCharset: string | null;
  /** "Today", in ms since the epoch: dates after it are in the future. */
  now: number;
  /**
   * Characters of decoded text read at most. The function's fetch caps a feed at 5 MB; a saved
   * file given to `npm run feed:check` may be larger (tools/feed-source.ts allows 32 MB).
   */
  maxCharacters?: number;
};

export type CheckupReading =
  | { ok: true; facts: FeedFacts }
  | { ok: false; code: "broken_xml" | "not_a_feed" | "feed_too_large"; reason: string };

/** Apple's byte limit on show and episode descriptions. */
const MAX_DESCRIPTION_BYTES = 4000;
/** A feed larger than this is slow for apps on a phone. */
const LARGE_FEED_BYTES = 2 * 1024 * 1024;
/** Days without a new episode before the pace check warns. */
const STALE_DAYS = 90;
/** Examples kept per finding: enough to find the items, never the whole feed. */
const MAX_EXAMPLES = 3;
/** Items read from the end of the feed for "the latest episodes". */
const LATEST = 3;

const APPLE_TYPES = new Set([
  "audio/mpeg",
  "audio/x-m4a",
  "audio/mp4",
  "audio/m4a",
  "video/mp4",
  "video/x-m4v",
  "video/quicktime",
  "application/pdf",
]);
const APPLE_EXTENSIONS = new Set(["mp3", "m4a", "mp4", "m4v", "mov", "pdf"]);
/** Types and extensions a directory is known to refuse, named in the finding. */
const REFUSED = /ogg|opus|mpegurl|m3u8|flac|wav|webm|wma|aac$/;

const ITUNES_URIS = new Set([
  "http://www.itunes.com/dtds/podcast-1.0.dtd",
  "https://www.itunes.com/dtds/podcast-1.0.dtd",
]);

const MEDIUMS = new Set([
  "podcast",
  "music",
  "video",
  "film",
  "audiobook",
  "newsletter",
  "blog",
  "publisher",
  "course",
  "mixed",
  "podcastl",
  "musicl",
  "videol",
  "filml",
  "audiobookl",
  "newsletterl",
  "blogl",
  "publisherl",
  "coursel",
]);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A practical e-mail shape: one @, a dot in the domain, no spaces. */
const EMAIL = /^[^\s@<>()]+@[^\s@<>()]+\.[^\s@<>()]{2,}$/;
/** An e-mail address inside other text: managingEditor writes "jo@example.com (Jo Bloggs)". */
const EMAIL_IN = /[^\s@<>()"',;:]+@[^\s@<>()"',;:]+\.[^\s@<>()"',;:]{2,}/;
/** RFC 2822's date-time, the form Apple and Spotify ask for (zone names of RFC 822 included). */
const RFC2822 =
  /^(?:(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun),\s*)?\d{1,2}\s+(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\s+\d{4}\s+\d{2}:\d{2}(?::\d{2})?\s+(?:[+-]\d{4}|UT|GMT|Z|[ECMP][SD]T)$/;
/** "Ep 12", "Episode 12:", "#12 -": a number Apple asks to keep in itunes:episode. */
const NUMBER_PREFIX = /^(?:ep(?:isode)?\.?\s*#?\d+|#\d+)\b/i;

const bytesOf = (value: string) => new TextEncoder().encode(value).byteLength;

function isHttpUrl(value: string | undefined): value is string {
  if (value === undefined) return false;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/**
 * A channel child by the prefix feeds conventionally give it (googleplay:, dc:), for tags whose
 * namespace URI hosts have written several ways; the first one found.
 */
function prefixedChild(node: Node, prefix: string, local: string): unknown {
  return all(node[`${prefix}:${local}`])[0];
}

/** An element's text including child elements a feed left unescaped (HTML outside CDATA). */
function hasChildElements(value: unknown): boolean {
  const node = asNode(Array.isArray(value) ? value[0] : value);
  return (
    node !== undefined && Object.keys(node).some((key) => !key.startsWith("@_") && key !== "#text")
  );
}

/** Language tags Apple takes: an ISO 639 code, optionally with a region ("en", "en-us"). */
function judgeLanguage(value: string): "valid" | "underscore" | "unknown" {
  const match = /^([a-z]{2,3})(?:([-_])[a-z0-9]{1,8})*$/i.exec(value);
  if (match === null) return "unknown";
  let known: string | undefined;
  try {
    known = new Intl.DisplayNames(["en"], { type: "language", fallback: "none" }).of(
      match[1]!.toLowerCase(),
    );
  } catch {
    known = undefined;
  }
  if (known === undefined) return "unknown";
  return value.includes("_") ? "underscore" : "valid";
}

type Item = {
  title: string | undefined;
  guid: string | undefined;
  date: string | undefined;
  published: number | null;
  enclosure: { url?: string; length?: string; type?: string } | undefined;
};

/** The first start tag of the document's root, as written (case and all). */
function rootStartTag(xml: string): string {
  const match = /<(?:[\w.-]+:)?(?:rss|feed|rdf)\b[^>]*>/i.exec(xml.slice(0, 64 * 1024));
  return match?.[0] ?? "";
}

const result = (
  id: string,
  status: Status,
  note: string,
  found?: Record<string, unknown>,
): CheckResult => (found === undefined ? { id, status, note } : { id, status, note, found });

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;

/** The first few examples of a finding, quoted as the feed wrote them. */
class Examples {
  readonly list: string[] = [];
  count = 0;
  add(example: string) {
    this.count += 1;
    if (this.list.length < MAX_EXAMPLES) this.list.push(example.slice(0, 200));
  }
}

const itemLabel = (item: Item, index: number) =>
  item.title !== undefined && item.title !== "" ? item.title : `item ${index + 1}`;

export function readCheckup(bytes: Uint8Array, options: CheckupReadOptions): CheckupReading {
  const decoded = decodeFeed(bytes, options.httpCharset);
  const xml = decoded.text.replace(/^[\uFEFF\s]+/, "");
  // A larger saved file may hold as many more elements and attributes as it has characters.
  const scale = Math.max(1, (options.maxCharacters ?? 0) / SHAPE_LIMITS.characters);
  const shape = checkShape(xml, {
    ...SHAPE_LIMITS,
    characters: options.maxCharacters ?? SHAPE_LIMITS.characters,
    elements: Math.round(SHAPE_LIMITS.elements * scale),
    attributes: Math.round(SHAPE_LIMITS.attributes * scale),
  });
  if (!shape.ok) {
    return shape.limit === "characters"
      ? { ok: false, code: "feed_too_large", reason: "characters" }
      : { ok: false, code: "not_a_feed", reason: `oversized_${shape.limit}` };
  }
  const document = parseDocument(xml);
  if (document === "malformed") return { ok: false, code: "broken_xml", reason: "malformed" };
  if (document === undefined) return { ok: false, code: "not_a_feed", reason: "empty" };
  const rss = asNode(document.rss);
  const channel = rss === undefined ? undefined : asNode(all(rss.channel)[0]);
  if (rss === undefined || channel === undefined) {
    const atom = asNode(document.feed) !== undefined;
    const rdf = Object.keys(document).some((key) => /(^|:)rdf$/.test(key));
    if (!atom && !rdf) return { ok: false, code: "not_a_feed", reason: "no_feed_element" };
    return {
      ok: true,
      facts: notRss(atom ? "Atom" : "RSS 1.0", bytes.byteLength, decoded.encoding),
    };
  }
  return {
    ok: true,
    facts: checkChannel(xml, document, rss, channel, {
      now: options.now,
      size: bytes.byteLength,
      encoding: decoded.encoding,
    }),
  };
}

/** An Atom or RSS 1.0 feed: no directory reads it, so only F02 is judged. */
function notRss(kind: string, size: number, encoding: string): FeedFacts {
  return {
    title: "",
    artworkUrl: null,
    latestEnclosure: null,
    feedBytes: size,
    encoding,
    cadence: null,
    checks: [
      result("F02", "fail", `This is an ${kind} feed; podcast directories read RSS 2.0 only.`, {
        root: kind,
      }),
    ],
  };
}

function checkChannel(
  xml: string,
  document: Node,
  rss: Node,
  channel: Node,
  context: { now: number; size: number; encoding: string },
): FeedFacts {
  const { now } = context;
  const scope = within(within(new Map(), rss), channel);
  const checks: CheckResult[] = [];
  const itunes = (node: Node, local: string, at: Scope = scope) =>
    children(node, at, ITUNES, local);
  const podcast = (node: Node, local: string, at: Scope = scope) =>
    children(node, at, PODCAST, local);

  // F02: well-formed RSS 2.0, in UTF-8. The note names the encoding as the feed declares it
  // ("ISO-8859-1"), which is what a producer finds in their host's settings, not the decoder's
  // name for it (windows-1252).
  const version = attribute(rss, "version");
  const utf8 = context.encoding === "utf-8";
  const declaredEncoding =
    /^<\?xml\s[^>]*?\bencoding\s*=\s*["']([A-Za-z][\w.:-]*)["']/.exec(xml)?.[1] ?? null;
  const encodingName =
    declaredEncoding !== null && declaredEncoding.toLowerCase() !== context.encoding
      ? `${declaredEncoding} (declared; read as ${context.encoding})`
      : (declaredEncoding ?? context.encoding);
  checks.push(
    result(
      "F02",
      utf8 && (version === undefined || version === "2.0") ? "pass" : "warn",
      !utf8
        ? `The feed is RSS, but in ${encodingName}; UTF-8 is what directories expect.`
        : version !== undefined && version !== "2.0"
          ? `The feed says RSS version ${version}; directories read 2.0.`
          : "Well-formed RSS 2.0 with a channel, in UTF-8.",
      { encoding: context.encoding, declaredEncoding, version: version ?? null },
    ),
  );

  // F03: xmlns:itunes, exactly as Apple writes it.
  const root = rootStartTag(xml);
  const declared = /\sxmlns:itunes\s*=\s*["']([^"']*)["']/.exec(root)?.[1];
  const loose = /\sxmlns:itunes\s*=\s*["']([^"']*)["']/i.exec(root)?.[1];
  const otherPrefix = [...scope.entries()].find(
    ([prefix, uri]) => prefix !== "itunes" && ITUNES.uris.includes(uri),
  )?.[0];
  if (declared !== undefined && ITUNES_URIS.has(declared.trim())) {
    checks.push(result("F03", "pass", "Apple's namespace is declared exactly.", { uri: declared }));
  } else if (
    (declared ?? loose) !== undefined &&
    [...ITUNES_URIS].some((uri) => uri.toLowerCase() === (declared ?? loose)!.trim().toLowerCase())
  ) {
    // iTunes' own 2005 feeds wrote "DTDs/Podcast-1.0.dtd". Apple still reads those shows, so
    // their itunes: tags are read here too; the case is only worth mending.
    checks.push(
      result(
        "F03",
        "warn",
        `The itunes namespace is written "${(declared ?? loose)!}", the 2005 spelling; Apple's guide writes it in lower case.`,
        { uri: declared ?? loose },
      ),
    );
  } else if (declared !== undefined || loose !== undefined) {
    checks.push(
      result(
        "F03",
        "fail",
        `The itunes namespace is declared as "${declared ?? loose}", not exactly Apple's address in lower case.`,
        { uri: declared ?? loose },
      ),
    );
  } else if (otherPrefix !== undefined) {
    checks.push(
      result(
        "F03",
        "warn",
        `Apple's namespace is bound to the prefix "${otherPrefix}"; Apple's guide writes itunes.`,
        { prefix: otherPrefix },
      ),
    );
  } else {
    checks.push(
      result("F03", "fail", "The feed does not declare xmlns:itunes on <rss>.", { uri: null }),
    );
  }

  // Channel fields.
  const title = (text(channel.title) ?? "").replace(/\s+/g, " ");
  const imageHref = attribute(itunes(channel, "image")[0], "href");
  const rssImage = text(asNode(channel.image)?.url);
  const artworkUrl = isHttpUrl(imageHref) ? new URL(imageHref).href : null;

  // F04: https everywhere (counted per item, once each).
  const plainHttp = new Examples();
  if (imageHref !== undefined && /^http:\/\//i.test(imageHref)) plainHttp.add(imageHref);

  // F05: size.
  checks.push(
    result(
      "F05",
      context.size > LARGE_FEED_BYTES ? "warn" : "pass",
      context.size > LARGE_FEED_BYTES
        ? `The feed is ${(context.size / 1024 / 1024).toFixed(1)} MB; over 2 MB is slow for apps.`
        : `The feed is ${Math.max(1, Math.round(context.size / 1024))} KB.`,
      { bytes: context.size },
    ),
  );

  // F06: block, complete, new-feed-url.
  const isYes = (value: unknown) => text(value)?.toLowerCase() === "yes";
  const blocked = isYes(itunes(channel, "block")[0]);
  const complete = isYes(itunes(channel, "complete")[0]);
  const newFeedUrl = text(itunes(channel, "new-feed-url")[0]);
  checks.push(
    result(
      "F06",
      blocked ? "fail" : complete || newFeedUrl !== undefined ? "warn" : "pass",
      blocked
        ? "itunes:block is Yes: Apple leaves this show out of its directory."
        : complete
          ? "itunes:complete is Yes: Apple treats the show as ended and expects no new episodes."
          : newFeedUrl !== undefined
            ? `itunes:new-feed-url sends apps to ${newFeedUrl}; this address is the old one.`
            : "Neither blocked, ended nor moved.",
      { block: blocked, complete, newFeedUrl: newFeedUrl ?? null },
    ),
  );

  // F07: atom:link rel="self".
  const self = Object.keys(channel)
    .filter((key) => key === "link" || key.endsWith(":link"))
    .flatMap((key) => all(channel[key]))
    .find((link) => (attribute(link, "rel") ?? "").toLowerCase() === "self");
  const selfHref = attribute(self, "href");
  checks.push(
    result(
      "F07",
      selfHref !== undefined ? "pass" : "warn",
      selfHref !== undefined
        ? `The feed names its address: ${selfHref}.`
        : 'The channel has no atom:link rel="self".',
      { href: selfHref ?? null },
    ),
  );

  // C01: title.
  const stuffed = title.length > 150 || (title.match(/,/g)?.length ?? 0) >= 4;
  checks.push(
    result(
      "C01",
      title === "" ? "fail" : stuffed ? "warn" : "pass",
      title === ""
        ? "The channel has no <title>."
        : stuffed
          ? "The title reads like a list of keywords; Apple may refuse it."
          : `"${title.slice(0, 120)}"`,
      { value: title === "" ? null : title },
    ),
  );

  // C02: description.
  const description = text(channel.description) ?? text(itunes(channel, "summary")[0]) ?? "";
  const descriptionBytes = bytesOf(description);
  checks.push(
    result(
      "C02",
      description === "" ? "fail" : descriptionBytes > MAX_DESCRIPTION_BYTES ? "fail" : "pass",
      description === ""
        ? "The channel has no <description>."
        : descriptionBytes > MAX_DESCRIPTION_BYTES
          ? `The description is ${descriptionBytes} bytes; Apple takes at most 4,000.`
          : `A description of ${descriptionBytes} bytes.`,
      { bytes: descriptionBytes },
    ),
  );

  // C03: language.
  const language = text(channel.language);
  const dcLanguage = text(
    Object.keys(channel)
      .filter((key) => key.endsWith(":language"))
      .flatMap((key) => all(channel[key]))[0],
  );
  if (language === undefined || language === "") {
    checks.push(
      result(
        "C03",
        "fail",
        dcLanguage !== undefined
          ? `Only dc:language (${dcLanguage}) is given; Apple reads <language>.`
          : "The channel has no <language>.",
        { value: null },
      ),
    );
  } else {
    const verdict = judgeLanguage(language);
    checks.push(
      result(
        "C03",
        verdict === "valid" ? "pass" : verdict === "underscore" ? "warn" : "fail",
        verdict === "valid"
          ? `Language ${language}.`
          : verdict === "underscore"
            ? `"${language}" uses an underscore; write ${language.replace(/_/g, "-")}.`
            : `"${language}" is not an ISO 639 language code.`,
        { value: language },
      ),
    );
  }

  // C04: categories, with their sub-categories.
  const categories: string[] = [];
  const retired: string[] = [];
  const wrongCase: string[] = [];
  const unknown: string[] = [];
  for (const node of itunes(channel, "category")) {
    const parent = attribute(node, "text");
    if (parent === undefined || parent === "") continue;
    const own = asNode(node);
    const subs =
      own === undefined
        ? []
        : itunes(own, "category", within(scope, own)).flatMap((sub) => {
            const name = attribute(sub, "text");
            return name === undefined || name === "" ? [] : [name];
          });
    for (const child of subs.length === 0 ? [undefined] : subs) {
      const name = child === undefined ? parent : `${parent}/${child}`;
      categories.push(name);
      const verdict = judgeCategory(parent, child);
      if (verdict.kind === "retired") retired.push(`${name} (now ${verdict.now})`);
      else if (verdict.kind === "case") wrongCase.push(`${name} (write ${verdict.correct})`);
      else if (verdict.kind === "unknown") unknown.push(name);
    }
  }
  const badCategories = [...retired, ...wrongCase, ...unknown];
  checks.push(
    result(
      "C04",
      categories.length === 0
        ? "fail"
        : badCategories.length === categories.length
          ? "fail"
          : badCategories.length > 0
            ? "warn"
            : "pass",
      categories.length === 0
        ? "The channel has no itunes:category."
        : retired.length > 0
          ? `Category names Apple retired in 2019: ${retired.join("; ")}.`
          : wrongCase.length > 0
            ? `Category names in the wrong case: ${wrongCase.join("; ")}.`
            : unknown.length > 0
              ? `Not in Apple's list: ${unknown.join("; ")}.`
              : `Category ${categories.join("; ")}.`,
      { values: categories, retired, wrongCase, unknown },
    ),
  );

  // C05: explicit, with the legacy words explained.
  const explicit = text(itunes(channel, "explicit")[0]);
  const explicitWord = explicit?.toLowerCase();
  const legacy: Record<string, string> = {
    yes: "explicit",
    explicit: "explicit",
    no: "not explicit",
    clean: "clean (not explicit)",
  };
  checks.push(
    result(
      "C05",
      explicit === undefined || explicit === ""
        ? "fail"
        : explicitWord === "true" || explicitWord === "false"
          ? "pass"
          : explicitWord !== undefined && explicitWord in legacy
            ? "warn"
            : "fail",
      explicit === undefined || explicit === ""
        ? "The channel has no itunes:explicit."
        : explicitWord === "true" || explicitWord === "false"
          ? `itunes:explicit is ${explicit}.`
          : explicitWord !== undefined && explicitWord in legacy
            ? `"${explicit}" is the old way of writing it (${legacy[explicitWord]}); Apple now asks for true or false.`
            : `"${explicit}" is not a value Apple knows; write true or false.`,
      {
        value: explicit ?? null,
        explicit:
          explicitWord === "true" || explicitWord === "yes" || explicitWord === "explicit"
            ? true
            : explicitWord === "false" || explicitWord === "no" || explicitWord === "clean"
              ? false
              : null,
      },
    ),
  );

  // C06: itunes:image.
  checks.push(
    result(
      "C06",
      artworkUrl !== null ? "pass" : "fail",
      artworkUrl !== null
        ? `Artwork at ${artworkUrl}.`
        : imageHref !== undefined
          ? `itunes:image has no usable address ("${imageHref.slice(0, 100)}").`
          : rssImage !== undefined
            ? "Only an RSS <image> is given; Apple and Spotify read itunes:image."
            : "The channel has no itunes:image.",
      { url: artworkUrl, present: artworkUrl !== null },
    ),
  );

  // C11: owner e-mail. Spotify and YouTube send their code to itunes:owner's e-mail; an
  // address the feed gives only elsewhere (managingEditor, a bare itunes:email, googleplay:email)
  // is one some directories fall back on and others ignore, so it warns rather than passes.
  // webMaster is left out: hosts fill it with their own address (feeds@soundcloud.com).
  const owner = asNode(itunes(channel, "owner")[0]);
  const email =
    owner === undefined ? undefined : text(itunes(owner, "email", within(scope, owner))[0]);
  const fallbackEmail = [
    { tag: "itunes:email outside itunes:owner", value: text(itunes(channel, "email")[0]) },
    { tag: "googleplay:email", value: text(prefixedChild(channel, "googleplay", "email")) },
    { tag: "managingEditor", value: text(channel.managingeditor) },
  ]
    .map(({ tag, value }) => ({ tag, value: EMAIL_IN.exec(value ?? "")?.[0] }))
    .find((candidate) => candidate.value !== undefined);
  checks.push(
    email !== undefined && email !== ""
      ? result(
          "C11",
          EMAIL.test(email) ? "pass" : "fail",
          EMAIL.test(email)
            ? `Owner e-mail ${email} (anyone can read it in the feed).`
            : `"${email}" is not an e-mail address.`,
          { email, from: "itunes:owner" },
        )
      : fallbackEmail !== undefined
        ? result(
            "C11",
            "warn",
            `${owner === undefined ? "The channel has no itunes:owner" : "itunes:owner has no itunes:email"}; ${fallbackEmail.value} is given only in ${fallbackEmail.tag}, which Spotify and YouTube may not read.`,
            { email: fallbackEmail.value, from: fallbackEmail.tag },
          )
        : result(
            "C11",
            "fail",
            owner === undefined
              ? "The channel has no itunes:owner."
              : "itunes:owner has no itunes:email.",
            { email: null, from: null },
          ),
  );

  // C12: author, with the same fallbacks counted as a warning: Apple and Spotify show
  // itunes:author, and only some apps read a name from the other tags.
  const author = text(itunes(channel, "author")[0]);
  const ownerName =
    owner === undefined ? undefined : text(itunes(owner, "name", within(scope, owner))[0]);
  const fallbackAuthor = [
    { tag: "googleplay:author", value: text(prefixedChild(channel, "googleplay", "author")) },
    { tag: "dc:creator", value: text(prefixedChild(channel, "dc", "creator")) },
    { tag: "author", value: text(channel.author) },
    { tag: "itunes:owner's itunes:name", value: ownerName },
    {
      tag: "managingEditor",
      value: /\(([^)]+)\)/.exec(text(channel.managingeditor) ?? "")?.[1]?.trim(),
    },
  ].find((candidate) => candidate.value !== undefined && candidate.value !== "");
  checks.push(
    author !== undefined && author !== ""
      ? result("C12", "pass", `Author ${author}.`, { value: author, from: "itunes:author" })
      : fallbackAuthor !== undefined
        ? result(
            "C12",
            "warn",
            `The channel has no itunes:author; "${fallbackAuthor.value}" is given only in ${fallbackAuthor.tag}.`,
            { value: fallbackAuthor.value, from: fallbackAuthor.tag },
          )
        : result("C12", "fail", "The channel has no itunes:author.", { value: null, from: null }),
  );

  // C13: website link.
  const link = text(
    all(channel.link).find((value) => typeof value === "string" || text(value) !== undefined),
  );
  checks.push(
    result(
      "C13",
      isHttpUrl(link) ? "pass" : "warn",
      isHttpUrl(link)
        ? `Website ${link}.`
        : link === undefined || link === ""
          ? "The channel has no <link> to a website."
          : `"${link}" is not a web address.`,
      { url: isHttpUrl(link) ? link : null },
    ),
  );

  // The items, once each.
  // Items RSS 0.9x tools put beside the channel count too, as the feed reader counts them.
  const items = [...all(channel.item), ...all(rss.item)].map((raw) => asNode(raw) ?? {});
  const type = text(itunes(channel, "type")[0])?.toLowerCase();
  const noEpisodeNumber = new Examples();
  const guidMissing = new Examples();
  const guidSeen = new Map<string, number>();
  const guidDuplicates = new Examples();
  const dateMissing = new Examples();
  const dateUnreadable = new Examples();
  const dateNotRfc = new Examples();
  const dateFuture = new Examples();
  const noEnclosure = new Examples();
  const missingUrl = new Examples();
  const badLength = new Examples();
  const zeroLength = new Examples();
  const missingType = new Examples();
  const unsupported = new Examples();
  const mismatched = new Examples();
  const urlSeen = new Set<string>();
  const urlDuplicates = new Examples();
  const nonAscii = new Examples();
  const titleMissing = new Examples();
  const titleNumbered = new Examples();
  const titleRepeatsShow = new Examples();
  const notesMissing = new Examples();
  const notesLong = new Examples();
  const notesRawHtml = new Examples();
  const durationMissing = new Examples();
  const episodeArtBad = new Examples();
  const types = new Map<string, number>();
  let withEnclosure = 0;
  let episodeArt = 0;
  let trailers = 0;
  let podcastTagsUsed = Object.keys(channel).some((key) => key.startsWith("podcast:"));
  const parsedItems: Item[] = [];
  const itemNodes: { node: Node; scope: Scope }[] = [];

  items.forEach((node, index) => {
    const at = within(scope, node);
    itemNodes.push({ node, scope: at });
    const itemTitle = text(node.title)?.replace(/\s+/g, " ");
    const guid = text(node.guid);
    const date = text(node.pubdate);
    const enclosureNode = all(node.enclosure)[0];
    const enclosure =
      enclosureNode === undefined
        ? undefined
        : {
            url: attribute(enclosureNode, "url"),
            length: attribute(enclosureNode, "length"),
            type: attribute(enclosureNode, "type"),
          };
    const published = parseFeedDate(date);
    const item: Item = { title: itemTitle, guid, date, published, enclosure };
    parsedItems.push(item);
    const label = itemLabel(item, index);
    if (!podcastTagsUsed)
      podcastTagsUsed = Object.keys(node).some((key) => key.startsWith("podcast:"));

    const episodeType = text(itunes(node, "episodetype", at)[0])?.toLowerCase();
    // Apple numbers a serial show's full episodes; trailers and bonus episodes sit beside them.
    if (
      type === "serial" &&
      episodeType !== "trailer" &&
      episodeType !== "bonus" &&
      text(itunes(node, "episode", at)[0]) === undefined
    ) {
      noEpisodeNumber.add(label);
    }
    if (episodeType === "trailer") trailers += 1;

    if (guid === undefined || guid === "") guidMissing.add(label);
    else {
      const seen = guidSeen.get(guid) ?? 0;
      guidSeen.set(guid, seen + 1);
      if (seen === 1) guidDuplicates.add(guid);
    }

    if (date === undefined || date === "") dateMissing.add(label);
    else if (published === null) dateUnreadable.add(`${label}: ${date}`);
    else {
      if (!RFC2822.test(date.replace(/\s+/g, " "))) dateNotRfc.add(`${label}: ${date}`);
      if (published > now) dateFuture.add(`${label}: ${date}`);
    }

    if (enclosure === undefined) noEnclosure.add(label);
    else {
      withEnclosure += 1;
      const { url, length } = enclosure;
      const mime = (enclosure.type ?? "").split(";")[0]!.trim().toLowerCase();
      if (url === undefined || url === "") missingUrl.add(label);
      if (length === undefined || length === "" || !/^\d+$/.test(length)) {
        badLength.add(`${label}: ${length === undefined ? "no length" : `length "${length}"`}`);
      } else if (Number(length) === 0) zeroLength.add(label);
      if (mime === "") missingType.add(label);
      else types.set(mime, (types.get(mime) ?? 0) + 1);
      if (url !== undefined && url !== "") {
        if (/^http:\/\//i.test(url)) plainHttp.add(url);
        if (/[^\x21-\x7e]/.test(url)) nonAscii.add(url);
        let canonical = url;
        try {
          canonical = new URL(url).href;
        } catch {
          // A URL that does not parse is compared as written.
        }
        if (urlSeen.has(canonical)) urlDuplicates.add(url);
        else urlSeen.add(canonical);
        const extension = extensionOf(url);
        const typeKnown = APPLE_TYPES.has(mime);
        const extensionKnown = extension !== undefined && APPLE_EXTENSIONS.has(extension);
        if (
          (mime !== "" && !typeKnown && !extensionKnown) ||
          REFUSED.test(mime) ||
          (extension !== undefined && REFUSED.test(extension))
        ) {
          unsupported.add(`${label}: ${mime || "no type"}${extension ? ` (.${extension})` : ""}`);
        } else if (mime !== "" && !typeKnown) {
          mismatched.add(`${label}: type ${mime} for a .${extension} file`);
        } else if (
          typeKnown &&
          extension !== undefined &&
          extensionKnown &&
          !typeFits(mime, extension)
        ) {
          mismatched.add(`${label}: type ${mime} for a .${extension} file`);
        }
      }
    }

    if (itemTitle === undefined || itemTitle === "") titleMissing.add(`item ${index + 1}`);
    else {
      if (NUMBER_PREFIX.test(itemTitle)) titleNumbered.add(itemTitle);
      if (title.length >= 4 && itemTitle.toLowerCase().startsWith(title.toLowerCase())) {
        titleRepeatsShow.add(itemTitle);
      }
    }

    const encoded = Object.keys(node)
      .filter((key) => key.endsWith(":encoded"))
      .flatMap((key) => all(node[key]));
    const notes = [node.description, itunes(node, "summary", at)[0], encoded[0]];
    const notesText = notes.map((value) => text(value) ?? "").find((value) => value !== "") ?? "";
    if (notesText === "" && !notes.some(hasChildElements)) notesMissing.add(label);
    else if (bytesOf(notesText) > MAX_DESCRIPTION_BYTES) notesLong.add(label);
    if (notes.some(hasChildElements)) notesRawHtml.add(label);

    if (parseDuration(text(itunes(node, "duration", at)[0])) === null) durationMissing.add(label);

    const art = attribute(itunes(node, "image", at)[0], "href");
    if (art !== undefined) {
      episodeArt += 1;
      const extension = extensionOf(art);
      if (
        !isHttpUrl(art) ||
        (extension !== undefined && !["jpg", "jpeg", "png"].includes(extension))
      ) {
        episodeArtBad.add(art);
      } else if (/^http:\/\//i.test(art)) plainHttp.add(art);
    }
  });

  // C14: show type.
  checks.push(
    type === undefined
      ? result("C14", "pass", "No itunes:type: Apple takes the show as episodic.", { value: null })
      : type !== "episodic" && type !== "serial"
        ? result("C14", "fail", `itunes:type "${type}" is neither episodic nor serial.`, {
            value: type,
          })
        : type === "serial" && noEpisodeNumber.count > 0
          ? result(
              "C14",
              "fail",
              `A serial show, but ${plural(noEpisodeNumber.count, "episode")} without itunes:episode.`,
              { value: type, withoutNumber: noEpisodeNumber.count, examples: noEpisodeNumber.list },
            )
          : result("C14", "pass", `itunes:type is ${type}.`, { value: type }),
  );

  // F04, now that every address was seen.
  checks.push(
    result(
      "F04",
      plainHttp.count > 0 ? "warn" : "pass",
      plainHttp.count > 0
        ? `${plural(plainHttp.count, "address", "addresses")} in the feed use plain http.`
        : "Artwork and media are on https.",
      { httpUrls: plainHttp.count, examples: plainHttp.list },
    ),
  );

  const itemCount = items.length;
  const counted = (examples: Examples) => ({ count: examples.count, examples: examples.list });

  // E01: episodes with a file.
  checks.push(
    result(
      "E01",
      withEnclosure > 0 ? "pass" : "fail",
      withEnclosure > 0
        ? `${plural(withEnclosure, "item")} of ${itemCount} carry an enclosure.`
        : itemCount === 0
          ? "The feed lists no items."
          : "No item has an <enclosure> with its audio or video file.",
      { items: itemCount, withEnclosure },
    ),
  );

  // E02: enclosure fields.
  const enclosureFaults = missingUrl.count + badLength.count + missingType.count;
  checks.push(
    result(
      "E02",
      withEnclosure === 0
        ? "na"
        : enclosureFaults > 0
          ? "fail"
          : zeroLength.count > 0
            ? "warn"
            : "pass",
      withEnclosure === 0
        ? "No enclosures to check."
        : enclosureFaults > 0
          ? [
              missingUrl.count > 0 ? `${plural(missingUrl.count, "enclosure")} without a url` : "",
              badLength.count > 0
                ? `${plural(badLength.count, "enclosure")} without a length in whole bytes`
                : "",
              missingType.count > 0
                ? `${plural(missingType.count, "enclosure")} without a type`
                : "",
            ]
              .filter((part) => part !== "")
              .join("; ") + "."
          : zeroLength.count > 0
            ? `${plural(zeroLength.count, "enclosure")} give a length of 0 bytes.`
            : "Every enclosure has a url, a length and a type.",
      {
        enclosures: withEnclosure,
        missingUrl: counted(missingUrl),
        badLength: counted(badLength),
        zeroLength: counted(zeroLength),
        missingType: counted(missingType),
        types: Object.fromEntries(types),
      },
    ),
  );

  // E03: supported types.
  checks.push(
    result(
      "E03",
      withEnclosure === 0
        ? "na"
        : unsupported.count > 0
          ? "fail"
          : mismatched.count > 0
            ? "warn"
            : "pass",
      withEnclosure === 0
        ? "No enclosures to check."
        : unsupported.count > 0
          ? `${plural(unsupported.count, "episode")} in a format Apple does not play.`
          : mismatched.count > 0
            ? `${plural(mismatched.count, "episode")} with a type that does not match the file.`
            : `Types: ${[...types.keys()].join(", ")}.`,
      {
        types: Object.fromEntries(types),
        unsupported: counted(unsupported),
        mismatched: counted(mismatched),
      },
    ),
  );

  // E04: unique, ASCII file addresses.
  checks.push(
    result(
      "E04",
      withEnclosure === 0 ? "na" : urlDuplicates.count + nonAscii.count > 0 ? "fail" : "pass",
      withEnclosure === 0
        ? "No enclosures to check."
        : urlDuplicates.count > 0
          ? `${plural(urlDuplicates.count, "item")} reuse another episode's file.`
          : nonAscii.count > 0
            ? `${plural(nonAscii.count, "file address", "file addresses")} with spaces or characters outside ASCII.`
            : "Every episode has its own file address.",
      { duplicates: counted(urlDuplicates), nonAscii: counted(nonAscii) },
    ),
  );

  // E06: GUIDs.
  const duplicateValues = [...guidSeen.values()].filter((count) => count > 1).length;
  const duplicateItems = [...guidSeen.values()].reduce(
    (sum, count) => sum + Math.max(0, count - 1),
    0,
  );
  checks.push(
    result(
      "E06",
      itemCount === 0 ? "na" : guidMissing.count > 0 || duplicateValues > 0 ? "fail" : "pass",
      itemCount === 0
        ? "No items to check."
        : guidMissing.count > 0 && duplicateValues > 0
          ? `${plural(guidMissing.count, "item")} without a guid, and ${plural(duplicateValues, "guid")} used more than once.`
          : guidMissing.count > 0
            ? `${plural(guidMissing.count, "item")} without a guid.`
            : duplicateValues > 0
              ? `${plural(duplicateValues, "guid")} used by more than one item (${plural(duplicateItems, "extra item")}).`
              : `All ${plural(itemCount, "item")} have a guid of their own.`,
      {
        items: itemCount,
        missing: counted(guidMissing),
        duplicateValues,
        duplicateItems,
        duplicates: guidDuplicates.list,
        unique: guidMissing.count === 0 && duplicateValues === 0,
      },
    ),
  );

  // E07: dates.
  checks.push(
    result(
      "E07",
      itemCount === 0
        ? "na"
        : dateMissing.count + dateUnreadable.count + dateFuture.count > 0
          ? "fail"
          : dateNotRfc.count > 0
            ? "warn"
            : "pass",
      itemCount === 0
        ? "No items to check."
        : [
            dateMissing.count > 0 ? `${plural(dateMissing.count, "item")} without a pubDate` : "",
            dateUnreadable.count > 0
              ? `${plural(dateUnreadable.count, "date")} that cannot be read`
              : "",
            dateFuture.count > 0 ? `${plural(dateFuture.count, "date")} in the future` : "",
            dateNotRfc.count > 0 ? `${plural(dateNotRfc.count, "date")} not in RFC 2822 form` : "",
          ]
            .filter((part) => part !== "")
            .join("; ")
            .replace(/^(.)/, (c) => c.toUpperCase())
            .concat(".")
            .replace(/^\.$/, "Every item has an RFC 2822 date, none in the future."),
      {
        items: itemCount,
        missing: counted(dateMissing),
        unreadable: counted(dateUnreadable),
        future: counted(dateFuture),
        notRfc2822: counted(dateNotRfc),
      },
    ),
  );

  // E08: pace, from the feed reader's own reading.
  const parsed = feedOf(document);
  const pace = parsed.ok ? cadence(parsed.feed, now) : null;
  if (pace === null) {
    checks.push(
      result("E08", "na", "No dated episodes to measure a pace from.", { cadence: null }),
    );
  } else {
    const days = Math.floor((now - Date.parse(pace.lastEpisodeAt)) / 86_400_000);
    checks.push(
      result(
        "E08",
        complete ? "na" : days > STALE_DAYS ? "warn" : "pass",
        `${days === 0 ? "Last episode today" : `Last episode ${plural(days, "day")} ago`}; ${
          pace.episodesPerMonth === null
            ? "too few episodes for a pace"
            : `${pace.episodesPerMonth} episodes a month`
        }${complete ? " (the show is marked complete)" : ""}.`,
        {
          daysSinceLastEpisode: days,
          lastEpisodeAt: pace.lastEpisodeAt,
          episodesPerMonth: pace.episodesPerMonth,
          basis: pace.basis.kind,
        },
      ),
    );
  }

  // E09: titles.
  checks.push(
    result(
      "E09",
      itemCount === 0
        ? "na"
        : titleMissing.count > 0
          ? "fail"
          : titleNumbered.count + titleRepeatsShow.count > 0
            ? "warn"
            : "pass",
      itemCount === 0
        ? "No items to check."
        : titleMissing.count > 0
          ? `${plural(titleMissing.count, "item")} without a title.`
          : titleNumbered.count > 0
            ? `${plural(titleNumbered.count, "title")} start with an episode number.`
            : titleRepeatsShow.count > 0
              ? `${plural(titleRepeatsShow.count, "title")} start with the show's name.`
              : "Every episode has a title of its own.",
      {
        missing: counted(titleMissing),
        numbered: counted(titleNumbered),
        repeatsShowName: counted(titleRepeatsShow),
      },
    ),
  );

  // E10: show notes.
  checks.push(
    result(
      "E10",
      itemCount === 0
        ? "na"
        : notesMissing.count + notesLong.count + notesRawHtml.count > 0
          ? "warn"
          : "pass",
      itemCount === 0
        ? "No items to check."
        : notesMissing.count > 0
          ? `${plural(notesMissing.count, "episode")} without show notes.`
          : notesRawHtml.count > 0
            ? `${plural(notesRawHtml.count, "episode")} with HTML outside CDATA, which apps read as broken XML.`
            : notesLong.count > 0
              ? `${plural(notesLong.count, "episode")} with notes over 4,000 bytes.`
              : "Every episode has notes within 4,000 bytes.",
      {
        missing: counted(notesMissing),
        tooLong: counted(notesLong),
        htmlOutsideCdata: counted(notesRawHtml),
      },
    ),
  );

  // E11: durations.
  checks.push(
    result(
      "E11",
      withEnclosure === 0 ? "na" : durationMissing.count > 0 ? "warn" : "pass",
      withEnclosure === 0
        ? "No episodes to check."
        : durationMissing.count > 0
          ? `${plural(durationMissing.count, "item")} without a readable itunes:duration.`
          : "Every episode gives its duration.",
      { missing: counted(durationMissing) },
    ),
  );

  // E12: episode art.
  checks.push(
    result(
      "E12",
      episodeArt === 0 ? "na" : episodeArtBad.count > 0 ? "warn" : "pass",
      episodeArt === 0
        ? "No episode has its own artwork."
        : episodeArtBad.count > 0
          ? `${plural(episodeArtBad.count, "episode image")} not an https JPEG or PNG.`
          : `${plural(episodeArt, "episode")} with artwork of their own, all JPEG or PNG addresses.`,
      { withArt: episodeArt, bad: counted(episodeArtBad) },
    ),
  );

  // E13: trailer.
  checks.push(
    result(
      "E13",
      itemCount === 0 ? "na" : trailers > 0 ? "pass" : "warn",
      trailers > 0 ? `${plural(trailers, "trailer")}.` : "No episode is marked as a trailer.",
      { trailers },
    ),
  );

  // P01: the podcast namespace, when podcast: tags are used.
  const podcastUri = scope.get("podcast");
  checks.push(
    !podcastTagsUsed
      ? result("P01", "na", "The feed uses no podcast: tags.", { uri: podcastUri ?? null })
      : podcastUri === undefined
        ? result("P01", "fail", "podcast: tags are used, but the namespace is not declared.", {
            uri: null,
          })
        : PODCAST.uris.includes(podcastUri)
          ? result("P01", "pass", "The Podcasting 2.0 namespace is declared.", { uri: podcastUri })
          : result("P01", "fail", `xmlns:podcast points at "${podcastUri}", not the namespace.`, {
              uri: podcastUri,
            }),
  );

  // P02: podcast:guid.
  const podcastGuid = text(podcast(channel, "guid")[0]);
  checks.push(
    result(
      "P02",
      podcastGuid !== undefined && UUID.test(podcastGuid) ? "pass" : "warn",
      podcastGuid === undefined
        ? "The channel has no podcast:guid."
        : UUID.test(podcastGuid)
          ? `podcast:guid ${podcastGuid}.`
          : `"${podcastGuid}" is not a UUID.`,
      { value: podcastGuid ?? null },
    ),
  );

  // P03, P04: transcripts and chapters on the latest episodes.
  const latest = latestItems(parsedItems, itemNodes, now);
  const latestWith = (local: string, needsType: boolean) =>
    latest.filter(({ node, scope: at }) =>
      podcast(node, local, at).some(
        (tag) =>
          isHttpUrl(attribute(tag, "url")) && (!needsType || attribute(tag, "type") !== undefined),
      ),
    ).length;
  const transcripts = latestWith("transcript", true);
  const chapters = latestWith("chapters", false);
  checks.push(
    result(
      "P03",
      latest.length === 0 ? "na" : transcripts === latest.length ? "pass" : "warn",
      latest.length === 0
        ? "No episodes to check."
        : `${transcripts} of the latest ${plural(latest.length, "episode")} link a transcript (the files themselves are not fetched).`,
      { latest: latest.length, withTranscript: transcripts },
    ),
  );
  checks.push(
    result(
      "P04",
      latest.length === 0 ? "na" : chapters === latest.length ? "pass" : "warn",
      latest.length === 0
        ? "No episodes to check."
        : `${chapters} of the latest ${plural(latest.length, "episode")} link chapters (the files themselves are not fetched).`,
      { latest: latest.length, withChapters: chapters },
    ),
  );

  // P05, P06.
  const locked = text(podcast(channel, "locked")[0])?.toLowerCase();
  checks.push(
    result(
      "P05",
      locked === "yes" || locked === "no" ? "pass" : "warn",
      locked === undefined
        ? "The channel has no podcast:locked."
        : locked === "yes" || locked === "no"
          ? `podcast:locked is ${locked}.`
          : `podcast:locked is "${locked}"; write yes or no.`,
      { value: locked ?? null },
    ),
  );
  const funding = podcast(channel, "funding").length;
  const people = podcast(channel, "person").length;
  checks.push(
    result(
      "P06",
      funding > 0 && people > 0 ? "pass" : "warn",
      funding > 0 && people > 0
        ? "The feed names its hosts and a way to support the show."
        : funding === 0 && people === 0
          ? "No podcast:funding and no podcast:person."
          : funding === 0
            ? "No podcast:funding."
            : "No podcast:person.",
      { funding, persons: people },
    ),
  );

  // P07: medium and update frequency.
  const medium = text(podcast(channel, "medium")[0])?.toLowerCase();
  const frequency = text(podcast(channel, "updatefrequency")[0]);
  checks.push(
    result(
      "P07",
      medium !== undefined && !MEDIUMS.has(medium)
        ? "fail"
        : medium !== undefined && frequency !== undefined
          ? "pass"
          : "warn",
      medium !== undefined && !MEDIUMS.has(medium)
        ? `podcast:medium "${medium}" is not one of the namespace's values.`
        : medium === undefined && frequency === undefined
          ? "No podcast:medium and no podcast:updateFrequency."
          : medium === undefined
            ? "No podcast:medium (apps assume podcast)."
            : frequency === undefined
              ? `podcast:medium is ${medium}; no podcast:updateFrequency.`
              : `podcast:medium is ${medium}; podcast:updateFrequency says ${frequency}.`,
      { medium: medium ?? null, updateFrequency: frequency ?? null },
    ),
  );

  // P08: wide artwork.
  const wide = podcast(channel, "image").some(
    (image) => (attribute(image, "aspect-ratio") ?? "").replace(/\s/g, "") === "16/9",
  );
  const thumbnail = children(channel, scope, MEDIA_RSS, "thumbnail").length > 0;
  checks.push(
    result(
      "P08",
      wide || thumbnail ? "pass" : "warn",
      wide
        ? "A 16:9 podcast:image is given."
        : thumbnail
          ? "A media:thumbnail is given."
          : "No 16:9 artwork for video apps.",
      { wideImage: wide, mediaThumbnail: thumbnail },
    ),
  );

  const newest = latest[0];
  const latestEnclosure =
    newest === undefined
      ? null
      : (() => {
          const enclosure = parsedItems[newest.index]?.enclosure;
          return enclosure?.url !== undefined && isHttpUrl(enclosure.url)
            ? { url: new URL(enclosure.url).href, type: enclosure.type ?? null }
            : null;
        })();

  return {
    title,
    artworkUrl,
    latestEnclosure,
    feedBytes: context.size,
    encoding: context.encoding,
    cadence: pace,
    checks,
  };
}

/** Whether a type Apple knows fits the file's extension ("audio/mpeg" for .mp3). */
function typeFits(mime: string, extension: string): boolean {
  const fits: Record<string, readonly string[]> = {
    mp3: ["audio/mpeg"],
    m4a: ["audio/x-m4a", "audio/mp4", "audio/m4a"],
    mp4: ["video/mp4", "audio/mp4", "audio/x-m4a"],
    m4v: ["video/x-m4v", "video/mp4"],
    mov: ["video/quicktime"],
    pdf: ["application/pdf"],
  };
  return fits[extension]?.includes(mime) ?? true;
}

/**
 * The newest items with an enclosure, by date (undated ones by their place in the feed), at
 * most LATEST of them, newest first.
 */
function latestItems(
  items: Item[],
  nodes: { node: Node; scope: Scope }[],
  now: number,
): { node: Node; scope: Scope; index: number }[] {
  // A scheduled item is not out yet: the latest episode is the newest one published.
  const withFile = items
    .map((item, index) => ({ item, index }))
    .filter(({ item }) => item.enclosure !== undefined && (item.published ?? 0) <= now);
  const dated = withFile.filter(({ item }) => item.published !== null);
  const ordered =
    dated.length > 0 ? [...dated].sort((a, b) => b.item.published! - a.item.published!) : withFile;
  return ordered.slice(0, LATEST).map(({ index }) => ({ ...nodes[index]!, index }));
}
