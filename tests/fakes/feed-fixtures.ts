import { Buffer } from "node:buffer";
import { createServer, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { constants, createBrotliCompress, createGzip, gzipSync } from "node:zlib";
import { manyAttributesFeed } from "./hostile-feed.ts";
import { escapeXml } from "../../scripts/xml.ts";

/**
 * A local podcast host for tests: real-shaped RSS feeds (weekly, biweekly, daily, a show that
 * stopped, one without dates, 10,000 episodes) and every hostile answer the feed function must
 * survive (malformed XML, XXE and billion laughs, a 50 MB body and a gzip bomb streamed, never
 * held in memory, a slow drip, redirects to 127.0.0.1 and in a chain of five). Plain node:http,
 * so it runs on Node (Vitest, Playwright) and on Deno alike. Listens on 127.0.0.1 only.
 */

export type FeedFixtures = {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  readonly port: number;
  /** Requests received, as `path` strings, in order. */
  readonly requests: string[];
  close(): Promise<void>;
};

const DAY_MS = 86_400_000;
const MB = 1024 * 1024;

type Episode = { n: number; date: number | null; duration: string; transcript: boolean };

type RssOptions = {
  short?: boolean;
  /** Every item listed twice, as some hosts do after a migration. */
  twice?: boolean;
  /** More channel elements (paging links, say). */
  head?: string;
  /** The date as the item writes it; defaults to RFC 1123 in GMT. */
  dateText?: (episode: Episode, index: number) => string;
};

function rss(title: string, episodes: Episode[], options: RssOptions = {}): string {
  const listed = options.twice ? episodes.flatMap((episode) => [episode, episode]) : episodes;
  const items = listed
    .map((episode, index) => {
      const lines = [
        `<title>${escapeXml(`${title} #${episode.n}`)}</title>`,
        `<guid isPermaLink="false">fixture-${episode.n}</guid>`,
        episode.date === null
          ? ""
          : `<pubDate>${options.dateText?.(episode, index) ?? new Date(episode.date).toUTCString()}</pubDate>`,
        `<enclosure url="https://cdn.fixture.test/${episode.n}.mp3" length="31337" type="audio/mpeg"/>`,
        `<itunes:duration>${episode.duration}</itunes:duration>`,
        episode.transcript
          ? `<podcast:transcript url="https://cdn.fixture.test/${episode.n}.vtt" type="text/vtt"/>`
          : "",
        options.short
          ? ""
          : `<description><![CDATA[<p>Episode ${episode.n}: a conversation about craft & tools.</p>]]></description>`,
      ];
      return `<item>${lines.join("")}</item>`;
    })
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:podcast="https://podcastindex.org/namespace/1.0">
<channel>
<title>${escapeXml(title)}</title>
<link>https://shows.fixture.test/</link>
<description>A fixture show for the feed function's tests.</description>${options.head ?? ""}
<itunes:image href="https://cdn.fixture.test/${encodeURIComponent(title)}.jpg"/>
${items}
</channel>
</rss>`;
}

/** Episodes every `stepDays`, newest at `newest`, going back `count` episodes. */
function every(stepDays: number, newest: number, count: number, from = 1): Episode[] {
  const durations = ["3600", "45:30", "1:02:03", "00:52:10", "2400.5"];
  return Array.from({ length: count }, (_, i) => ({
    n: from + count - 1 - i,
    date: newest - i * stepDays * DAY_MS,
    duration: durations[i % durations.length]!,
    transcript: i % 2 === 0,
  }));
}

/** RFC 1123 in a zone other than GMT: the same instant, written in BST or CEST by turns. */
function inEuropeanZone(episode: Episode, index: number): string {
  const [zone, hours] = index % 2 === 0 ? ["BST", 1] : ["CEST", 2];
  const local = new Date(episode.date! + (hours as number) * 3_600_000).toUTCString();
  return local.replace("GMT", zone as string);
}

/** Text in ISO-8859-1: one byte a character (the fixtures only use characters it has). */
const latin1Bytes = (text: string) => Buffer.from(text, "latin1");
/** UTF-16 little-endian with its byte order mark. */
const utf16Bytes = (text: string) =>
  Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]);

type ByteFeed = { type: string; body: Buffer };

/**
 * Feeds served as bytes with their own Content-Type: encodings the header does not name, and
 * one shaped to be slow to parse. The 4 MB one takes a second or more to build on a busy machine,
 * so startFeedFixtures builds each once per process (and per "now"), not once per stack.
 */
function fixtureByteFeeds(now: number): Record<string, () => ByteFeed> {
  const tuesday = lastTuesday(now);
  const xml = "application/rss+xml";
  const show = (declaration: string, title: string) =>
    rss(title, every(7, tuesday, 20)).replace(
      '<?xml version="1.0" encoding="UTF-8"?>',
      declaration,
    );
  return {
    "/latin1.xml": () => ({
      type: xml,
      body: latin1Bytes(
        show('<?xml version="1.0" encoding="ISO-8859-1"?>', "Caf\u00e9 Fran\u00e7ais"),
      ),
    }),
    "/utf16.xml": () => ({
      type: "text/xml",
      body: utf16Bytes(
        show('<?xml version="1.0" encoding="UTF-16"?>', "\u65e5\u672c\u306e\u756a\u7d44"),
      ),
    }),
    "/attributes.xml": () => {
      const attributes = Array.from({ length: 360_000 }, (_, i) => ` a${i}="1"`).join("");
      const text = rss("Slow", every(7, tuesday, 3)).replace("<rss ", `<rss${attributes} `);
      return { type: xml, body: Buffer.from(text) };
    },
  };
}

/** The Tuesday (UTC, 09:00) on or before `time`. */
function lastTuesday(time: number): number {
  const day = new Date(time);
  const back = (day.getUTCDay() + 7 - 2) % 7;
  return Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() - back, 9);
}

function atom(title: string, episodes: Episode[]): string {
  const entries = episodes
    .map(
      (episode) =>
        `<entry><title>${escapeXml(`${title} #${episode.n}`)}</title><id>urn:fixture:${episode.n}</id>` +
        `<published>${new Date(episode.date!).toISOString()}</published>` +
        `<link rel="enclosure" href="https://cdn.fixture.test/${episode.n}.m4a" type="audio/mp4" length="31337"/>` +
        `<itunes:duration>${episode.duration}</itunes:duration></entry>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">
<title>${escapeXml(title)}</title>
<id>urn:fixture:atom</id>
<link rel="self" href="https://podcasts.fixture.test/atom.xml"/>
${entries}
</feed>`;
}

export function fixtureFeeds(now: number): Record<string, string> {
  const tuesday = lastTuesday(now);
  const stoppedAt = Date.UTC(2024, 5, 4, 9);
  return {
    "/weekly.xml": rss("The Weekly Fixture", every(7, tuesday, 156)),
    "/biweekly.xml": rss("Every Other Week", every(14, tuesday, 60)),
    "/daily.xml": rss("Daily Brief", every(1, tuesday, 800)),
    "/stopped.xml": rss("Gone Quiet", every(7, stoppedAt, 80)),
    "/no-dates.xml": rss(
      "Timeless",
      every(7, tuesday, 10).map((episode) => ({ ...episode, date: null })),
    ),
    "/ten-thousand.xml": rss("Ten Thousand", every(1, tuesday, 10_000), { short: true }),
    "/whitespace.xml": `\n\n  ${rss("Leading Space", every(7, tuesday, 60))}`,
    "/zones.xml": rss("Zoned", every(7, tuesday, 60), { dateText: inEuropeanZone }),
    "/duplicates.xml": rss("Listed Twice", every(7, tuesday, 156), { twice: true }),
    "/future.xml": rss("Ahead", [
      { n: 999, date: now + 200 * DAY_MS, duration: "30:00", transcript: false },
      ...every(7, tuesday, 156),
    ]),
    "/young.xml": rss("Just Started", every(7, tuesday, 10)),
    "/paged.xml": rss("Latest Page", every(7, tuesday, 4), {
      head: '<atom:link xmlns:atom="http://www.w3.org/2005/Atom" rel="next" href="https://podcasts.fixture.test/paged.xml?page=2"/>',
    }),
    "/two.xml": rss("Two So Far", every(7, tuesday, 2)),
    "/half-dated.xml": rss("Half Dated", every(7, tuesday, 120), {
      dateText: (episode, index) =>
        index % 2 === 0 ? new Date(episode.date!).toUTCString() : `Episode ${episode.n}`,
    }),
    "/zero-duration.xml": rss(
      "No Length",
      every(7, tuesday, 60).map((episode) => ({ ...episode, duration: "0:00" })),
    ),
    "/photos.xml": rss("News Photos", every(1, tuesday, 30)).replace(
      /<enclosure url="([^"]+)\.mp3" length="31337" type="audio\/mpeg"\/>/g,
      '<enclosure url="$1.jpg" length="31337" type="image/jpeg"/>',
    ),
    "/atom.xml": atom("Atom Cast", every(7, tuesday, 60)),
    "/malformed.xml": rss("Broken", every(7, tuesday, 5)).replace("</channel>", "</chanel>"),
    "/xxe.xml": `<?xml version="1.0"?>
<!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<rss version="2.0"><channel><title>&xxe;</title><item><pubDate>Tue, 03 Jun 2025 09:00:00 GMT</pubDate><enclosure url="https://cdn.fixture.test/1.mp3" type="audio/mpeg" length="1"/></item></channel></rss>`,
    "/laughs.xml": `<?xml version="1.0"?>
<!DOCTYPE rss [
<!ENTITY lol "lollollollollollollollollollol">
<!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
<!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
]>
<rss version="2.0"><channel><title>Laughs &lol; &lol2;</title><item><pubDate>${new Date(tuesday).toUTCString()}</pubDate><enclosure url="https://cdn.fixture.test/1.mp3" type="audio/mpeg" length="1"/></item></channel></rss>`,
    "/blog.xml": `<?xml version="1.0"?><rss version="2.0"><channel><title>A blog</title><item><title>Post</title><pubDate>${new Date(tuesday).toUTCString()}</pubDate></item></channel></rss>`,
    ...checkupFeeds(tuesday),
  };
}

/**
 * Feeds for the check-up, whose artwork and latest file sit where the check-up's own requests
 * go: on the fixture host, or (the attack lab) behind private names and redirects into them.
 */
function checkupFeeds(latest: number): Record<string, string> {
  const feed = (art: string, file: string) =>
    `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel><title>Checked Show</title><link>https://shows.fixture.test/</link><description>A show to check.</description><language>en</language><itunes:author>Fixture Host</itunes:author><itunes:owner><itunes:email>host@shows.fixture.test</itunes:email></itunes:owner><itunes:image href="${art}"/><itunes:category text="Technology"/><itunes:explicit>false</itunes:explicit>${[
      0, 1, 2,
    ]
      .map(
        (i) =>
          `<item><title>Part ${3 - i}</title><guid>checked-${i}</guid><pubDate>${new Date(latest - i * 7 * 86_400_000).toUTCString()}</pubDate><description>Notes</description><itunes:duration>1800</itunes:duration><enclosure url="${i === 0 ? file : `http://podcasts.fixture.test/media/${i}.mp3`}" length="123456" type="audio/mpeg"/></item>`,
      )
      .join("")}</channel></rss>`;
  return {
    "/checkup.xml": feed(
      "http://podcasts.fixture.test/cover.png",
      "http://podcasts.fixture.test/media/latest.mp3",
    ),
    "/checkup-no-ranges.xml": feed(
      "http://podcasts.fixture.test/cover-small.png",
      "http://podcasts.fixture.test/episode.mp3",
    ),
    "/checkup-lab.xml": feed(
      "http://private.fixture.test/cover.png",
      "http://podcasts.fixture.test/redirect-metadata",
    ),
    "/checkup-lab-literal.xml": feed(
      "http://podcasts.fixture.test/redirect-loopback",
      "http://127.0.0.1/media/latest.mp3",
    ),
  };
}

/** The start of a PNG (signature and IHDR): all an image header reader needs. */
export function pngHeader(width: number, height: number, colorType = 2): Buffer {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write("IHDR", 4, "latin1");
  ihdr.writeUInt32BE(width, 8);
  ihdr.writeUInt32BE(height, 12);
  ihdr[16] = 8;
  ihdr[17] = colorType;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ihdr]);
}

/** Streams `total` bytes of XML-ish filler in 64 KB chunks, honoring back-pressure. */
function streamFiller(res: ServerResponse, total: number, encoder?: NodeJS.ReadWriteStream): void {
  const chunk = Buffer.alloc(64 * 1024, "<!-- filler -->\n");
  const target = encoder ?? res;
  if (encoder) encoder.pipe(res);
  let sent = 0;
  const pump = () => {
    while (sent < total && !res.destroyed) {
      sent += chunk.length;
      if (!target.write(chunk)) {
        target.once("drain", pump);
        return;
      }
    }
    target.end();
  };
  target.write('<?xml version="1.0"?><rss version="2.0"><channel>');
  pump();
}

const builtByteFeeds = new Map<number, Map<string, ByteFeed>>();

function byteFeedsOnce(now: number): Map<string, ByteFeed> {
  let built = builtByteFeeds.get(now);
  if (built === undefined) {
    built = new Map(Object.entries(fixtureByteFeeds(now)).map(([path, build]) => [path, build()]));
    builtByteFeeds.set(now, built);
  }
  return built;
}

export async function startFeedFixtures(now: number = Date.now()): Promise<FeedFixtures> {
  const feeds = fixtureFeeds(now);
  const byteFeeds = byteFeedsOnce(now);
  const requests: string[] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<ReturnType<typeof setInterval>>();

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://fixture").pathname;
    requests.push(path);
    const xml = { "content-type": "application/rss+xml; charset=utf-8" };

    const feed = feeds[path];
    if (feed !== undefined) {
      res.writeHead(200, { ...xml, "content-length": Buffer.byteLength(feed) });
      res.end(feed);
      return;
    }
    const bytes = byteFeeds.get(path);
    if (bytes !== undefined) {
      res.writeHead(200, { "content-type": bytes.type, "content-length": bytes.body.length });
      res.end(bytes.body);
      return;
    }
    const chain = /^\/chain\/(\d+)$/.exec(path);
    if (chain) {
      const left = Number(chain[1]);
      res.writeHead(302, { location: left <= 1 ? "/weekly.xml" : `/chain/${left - 1}` });
      res.end();
      return;
    }
    switch (path) {
      case "/many-attributes.xml": {
        const hostile = manyAttributesFeed();
        res.writeHead(200, { ...xml, "content-length": Buffer.byteLength(hostile) });
        res.end(hostile);
        return;
      }
      case "/weekly.xml.gz": {
        res.writeHead(200, { ...xml, "content-encoding": "gzip" });
        res.end(gzipSync(feeds["/weekly.xml"]!));
        return;
      }
      case "/weekly.xml.br": {
        const brotli = createBrotliCompress();
        brotli.pipe(res);
        res.writeHead(200, { ...xml, "content-encoding": "br" });
        brotli.end(feeds["/weekly.xml"]!);
        return;
      }
      case "/huge.xml":
        // 50 MB, chunked: no Content-Length to refuse on, so the cap must cut the stream.
        res.writeHead(200, xml);
        streamFiller(res, 50 * MB);
        return;
      case "/huge-declared.xml":
        res.writeHead(200, { ...xml, "content-length": String(50 * MB) });
        streamFiller(res, 50 * MB);
        return;
      case "/bomb.xml.gz":
        // 50 MB once decoded, about 50 KB on the wire.
        res.writeHead(200, { ...xml, "content-encoding": "gzip" });
        streamFiller(res, 50 * MB, createGzip({ level: 9 }));
        return;
      case "/bomb.xml.br":
        res.writeHead(200, { ...xml, "content-encoding": "br" });
        // A fast quality: the test is about the reader's cap, not the fixture's compression.
        streamFiller(
          res,
          50 * MB,
          createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 1 } }),
        );
        return;
      case "/slow.xml": {
        // Headers at once, then one byte every 100 ms, for as long as anyone listens.
        res.writeHead(200, xml);
        const timer = setInterval(() => {
          if (res.destroyed) {
            clearInterval(timer);
            timers.delete(timer);
          } else res.write(" ");
        }, 100);
        timers.add(timer);
        return;
      }
      case "/stall.xml":
        // Never answers at all.
        return;
      case "/redirect-loopback":
        res.writeHead(302, { location: "http://127.0.0.1/weekly.xml" });
        res.end();
        return;
      case "/redirect-metadata":
        res.writeHead(301, { location: "http://169.254.169.254/latest/meta-data/" });
        res.end();
        return;
      case "/redirect-private-name":
        res.writeHead(307, { location: "http://private.fixture.test/weekly.xml" });
        res.end();
        return;
      case "/show.html":
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        res.end("<!doctype html><title>The Weekly Fixture</title><h1>Listen</h1>");
        return;
      case "/cover.png":
      case "/cover-small.png": {
        const side = path === "/cover.png" ? 3000 : 600;
        const png = pngHeader(side, side);
        res.writeHead(200, { "content-type": "image/png", "content-length": png.length });
        res.end(png);
        return;
      }
      case "/media/latest.mp3": {
        // Answers byte ranges as Apple asks: a 206 with the bytes asked for.
        const range = req.headers.range;
        if (range === "bytes=0-1") {
          res.writeHead(206, { "content-type": "audio/mpeg", "content-range": "bytes 0-1/4" });
          res.end("ID");
        } else {
          res.writeHead(200, { "content-type": "audio/mpeg", "content-length": "4" });
          res.end(req.method === "HEAD" ? undefined : "ID3\u0003");
        }
        return;
      }
      case "/episode.mp3":
        res.writeHead(200, { "content-type": "audio/mpeg", "content-length": "4" });
        res.end("ID3\u0003");
        return;
      default:
        res.writeHead(404, { "content-type": "text/plain" });
        res.end("not found");
    }
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as { port: number }).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearInterval(timer);
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
