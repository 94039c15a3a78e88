import { Buffer } from "node:buffer";
import { createServer, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { constants, createBrotliCompress, createGzip, gzipSync } from "node:zlib";
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

function rss(title: string, episodes: Episode[], options: { short?: boolean } = {}): string {
  const items = episodes
    .map((episode) => {
      const lines = [
        `<title>${escapeXml(`${title} #${episode.n}`)}</title>`,
        `<guid isPermaLink="false">fixture-${episode.n}</guid>`,
        episode.date === null ? "" : `<pubDate>${new Date(episode.date).toUTCString()}</pubDate>`,
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
<description>A fixture show for the feed function's tests.</description>
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

/** The Tuesday (UTC, 09:00) on or before `time`. */
function lastTuesday(time: number): number {
  const day = new Date(time);
  const back = (day.getUTCDay() + 7 - 2) % 7;
  return Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() - back, 9);
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
  };
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

export async function startFeedFixtures(now: number = Date.now()): Promise<FeedFixtures> {
  const feeds = fixtureFeeds(now);
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
    const chain = /^\/chain\/(\d+)$/.exec(path);
    if (chain) {
      const left = Number(chain[1]);
      res.writeHead(302, { location: left <= 1 ? "/weekly.xml" : `/chain/${left - 1}` });
      res.end();
      return;
    }
    switch (path) {
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
