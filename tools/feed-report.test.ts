import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { fixtureNetwork, fixtureUrl } from "../tests/fakes/fixture-network.ts";
import { fixtureFeeds, startFeedFixtures } from "../tests/fakes/feed-fixtures.ts";
import { feedReport } from "./feed-report.ts";

const now = Date.UTC(2026, 10, 15, 12);
const dir = mkdtempSync(join(tmpdir(), "feed-report-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function saved(name: string, content: string | Uint8Array): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

describe("feedReport", () => {
  it("reads a saved file as of --now, in one line with the fixed names", async () => {
    const path = saved("weekly.xml", fixtureFeeds(now)["/weekly.xml"]!);
    const report = await feedReport([path, "--now", "2026-11-15T12:00:00Z"]);
    expect(report.exitCode).toBe(0);
    expect(report.line).not.toContain("\n");
    expect(JSON.parse(report.line)).toMatchObject({
      ok: true,
      title: "The Weekly Fixture",
      episodes: 156,
      episodesPerMonth: 4.3,
      lastEpisodeAt: "2026-11-10T09:00:00.000Z",
      medianDurationSeconds: 3130,
      basis: { kind: "last12" },
    });
  });

  it("reads a file with no HTTP charset: the declaration decides", async () => {
    const weekly = fixtureFeeds(now)["/weekly.xml"]!;
    const text = weekly
      .replace('encoding="UTF-8"', 'encoding="ISO-8859-1"')
      .replace("<title>The Weekly Fixture</title>", "<title>Caf\u00e9</title>");
    const path = saved("latin1.xml", Buffer.from(text, "latin1"));
    const report = JSON.parse((await feedReport([path, "--now", "2026-11-15"])).line);
    expect(report).toMatchObject({ ok: true, title: "Café", encoding: "windows-1252" });
  });

  it("reports episode types, medium, end of show and what became of each item", async () => {
    const item = (n: number, extra: string, type = "audio/mpeg") =>
      `<item><pubDate>Mon, ${String(n).padStart(2, "0")} Sep 2026 09:00:00 GMT</pubDate>${extra}<enclosure url="https://cdn.example/${n}.mp3" type="${type}"/></item>`;
    const path = saved(
      "ended.xml",
      `<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:podcast="https://podcastindex.org/namespace/1.0"><channel><title>Ended</title>
      <podcast:medium>audiobook</podcast:medium><itunes:complete>Yes</itunes:complete><itunes:block>yes</itunes:block>
      ${item(1, "<itunes:episodeType>trailer</itunes:episodeType>")}${item(2, "<itunes:episodeType>full</itunes:episodeType>")}
      ${item(3, "", "x-audio/mp3")}${item(4, "")}${item(4, "<title>again</title>")}${item(5, "<itunes:episodeType>bonus</itunes:episodeType>")}
      <item><title>A post</title></item>${item(6, "", "image/jpeg")}
      </channel></rss>`,
    );
    const report = JSON.parse((await feedReport([path, "--now", "2026-11-15"])).line);
    expect(report).toMatchObject({
      ok: true,
      episodes: 5,
      pacedEpisodes: 3,
      episodeTypes: { full: 1, trailer: 1, bonus: 1, unspecified: 2 },
      medium: "audiobook",
      complete: true,
      blocked: true,
      items: { listed: 8, counted: 5, skipped: { noMedia: 2, duplicate: 1, scheduled: 0 } },
    });
  });

  it("answers a refusal as a reading: ok false and the function's code", async () => {
    const path = saved("blog.xml", fixtureFeeds(now)["/blog.xml"]!);
    expect(await feedReport([path])).toEqual({
      line: JSON.stringify({ ok: false, code: "not_a_feed", reason: "no_episodes" }),
      exitCode: 0,
    });
    const big = saved("big.xml", new Uint8Array(5 * 1024 * 1024 + 1));
    expect(JSON.parse((await feedReport([big])).line)).toEqual({
      ok: false,
      code: "feed_too_large",
    });
  });

  it("reads a URL through the function's fetch", async () => {
    const fixtures = await startFeedFixtures(now);
    try {
      const network = fixtureNetwork(fixtures);
      const report = await feedReport([fixtureUrl("/young.xml"), "--now", "2026-11-15T12:00:00Z"], {
        network,
      });
      expect(JSON.parse(report.line)).toMatchObject({
        ok: true,
        episodes: 10,
        episodesPerMonth: 4.5,
      });
      const refused = await feedReport(["http://private.fixture.test/feed.xml"], { network });
      expect(JSON.parse(refused.line)).toEqual({ ok: false, code: "feed_unreachable" });
      expect(network.connections).toEqual(["1.2.3.4"]);
    } finally {
      await fixtures.close();
    }
  });

  it.each([
    [[]],
    [["a.xml", "b.xml"]],
    [["a.xml", "--now"]],
    [["a.xml", "--now", "yesterday"]],
    [["a.xml", "--verbose"]],
    [[join(dir, "missing.xml")]],
  ])("refuses bad usage %j with a one-line JSON error and a non-zero exit", async (args) => {
    const report = await feedReport(args);
    expect(report.exitCode).not.toBe(0);
    expect(JSON.parse(report.line)).toMatchObject({ ok: false, code: "usage" });
  });
});
