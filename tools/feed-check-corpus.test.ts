import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { DAILY_EPISODES, dailyFeed } from "../tests/fixtures/checkup/generate-daily-2000.ts";
import { feedCheck } from "./feed-check.ts";

// The check-up against a corpus of host-shaped feeds (tests/fixtures/checkup/SOURCES.md): for
// each, what a careful reader says of the fields directories judge a feed by. "Today" is
// 28 November 2026, noon UTC.

const NOW = "2026-11-28T12:00:00Z";
const DIR = join(import.meta.dirname, "../tests/fixtures/checkup");

type Status = "pass" | "warn" | "fail" | "na" | "unchecked";
type Check = { id: string; status: Status; note: string; found?: Record<string, unknown> };
type Report = { ok: true; title: string; checks: Check[] };

/** The fields compared, by rule id; every feed states all of them. */
type Expected = {
  language: Status; // C03
  category: Status; // C04
  explicit: Status; // C05
  image: Status; // C06
  ownerEmail: Status; // C11
  author: Status; // C12
  enclosureFields: Status; // E02: url, length, type
  enclosureType: Status; // E03
  guids: Status; // E06
  dates: Status; // E07
  /** Other rules this shape is about. */
  also?: Record<string, Status>;
};

const FIELDS = {
  language: "C03",
  category: "C04",
  explicit: "C05",
  image: "C06",
  ownerEmail: "C11",
  author: "C12",
  enclosureFields: "E02",
  enclosureType: "E03",
  guids: "E06",
  dates: "E07",
} as const;

const clean = {
  language: "pass",
  category: "pass",
  explicit: "pass",
  image: "pass",
  ownerEmail: "pass",
  author: "pass",
  enclosureFields: "pass",
  enclosureType: "pass",
  guids: "pass",
  dates: "pass",
} as const satisfies Expected;

const CORPUS: Record<string, Expected> = {
  "libsyn-weekly.xml": clean,
  "buzzsprout-podcasting20.xml": { ...clean, also: { P01: "pass", P03: "pass", P04: "pass" } },
  // The same episode listed twice, guid and file and all.
  "anchor-spotify.xml": { ...clean, guids: "fail", also: { E04: "fail" } },
  "podbean-weekly.xml": clean,
  // Legacy "no", and files whose length the host leaves as 0.
  "megaphone-daily-news.xml": { ...clean, explicit: "warn", enclosureFields: "warn" },
  // Legacy "No"; a trailer beside numbered episodes of an episodic show.
  "transistor-interviews.xml": { ...clean, explicit: "warn", also: { E13: "pass" } },
  "captivate-seasons.xml": clean,
  // An episode scheduled for 1 December, already in the feed.
  "rsscom-scheduled.xml": { ...clean, dates: "fail" },
  "simplecast-video.xml": { ...clean, also: { P08: "pass" } },
  "acast-m4a.xml": clean,
  // The owner's address only in googleplay:email.
  "powerpress-wordpress.xml": { ...clean, ownerEmail: "warn" },
  // Legacy "clean"; no itunes:author, only itunes:owner's name.
  "squarespace-blog.xml": { ...clean, explicit: "warn", author: "warn" },
  // No itunes:owner or itunes:author: both only in managingEditor.
  "soundcloud-managing-editor.xml": {
    ...clean,
    explicit: "warn",
    ownerEmail: "warn",
    author: "warn",
  },
  // iTunes' own 2005 spelling of its namespace, "no", and a category retired in 2019 beside a
  // current one; dates long past are fine.
  "itunes-2005.xml": {
    ...clean,
    explicit: "warn",
    category: "warn",
    also: { F03: "warn", F04: "warn" },
  },
  // A serial show whose trailer and bonus episode carry no itunes:episode.
  "serial-with-trailer.xml": { ...clean, also: { C14: "pass", E13: "pass" } },
  "iso-8859-1-french.xml": { ...clean, also: { F02: "warn" } },
  // gzip-compressed as saved; a hand-written feed missing most of what Apple asks for.
  "self-hosted-saved.xml.gz": {
    language: "fail",
    category: "pass",
    explicit: "fail",
    image: "fail",
    ownerEmail: "fail",
    author: "fail",
    enclosureFields: "fail",
    enclosureType: "warn",
    guids: "pass",
    dates: "pass",
  },
};

async function check(path: string): Promise<Report> {
  const output = await feedCheck([path, "--json", "--now", NOW]);
  expect(output.exitCode).toBe(0);
  const report = JSON.parse(output.text) as Report | { ok: false };
  if (!report.ok) throw new Error(`${path} was refused: ${output.text}`);
  return report;
}

function statuses(report: Report, expected: Expected): Record<string, Status> {
  const byId = new Map(report.checks.map((found) => [found.id, found]));
  const ids = [...Object.values(FIELDS), ...Object.keys(expected.also ?? {})];
  return Object.fromEntries(ids.map((id) => [id, byId.get(id)!.status]));
}

function wanted(expected: Expected): Record<string, Status> {
  return {
    ...Object.fromEntries(
      Object.entries(FIELDS).map(([field, id]) => [id, expected[field as keyof typeof FIELDS]]),
    ),
    ...expected.also,
  };
}

const found = (report: Report, id: string) => report.checks.find((c) => c.id === id)!.found ?? {};

const tmp = mkdtempSync(join(tmpdir(), "feed-check-corpus-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe("the check-up on host-shaped feeds", () => {
  it.each(Object.entries(CORPUS))("%s", async (file, expected) => {
    const report = await check(join(DIR, file));
    expect(statuses(report, expected)).toEqual(wanted(expected));
  });

  it("says where a fallback owner e-mail and author were found", async () => {
    const soundcloud = await check(join(DIR, "soundcloud-managing-editor.xml"));
    expect(found(soundcloud, "C11")).toEqual({
      email: "bookings@basementjazz.invalid",
      from: "managingEditor",
    });
    expect(found(soundcloud, "C12")).toEqual({
      value: "Basement Jazz Sessions",
      from: "managingEditor",
    });
    const powerpress = await check(join(DIR, "powerpress-wordpress.xml"));
    expect(found(powerpress, "C11")).toMatchObject({ from: "googleplay:email" });
  });

  it("names the encoding a feed declares", async () => {
    const report = await check(join(DIR, "iso-8859-1-french.xml"));
    expect(report.title).toBe("Café des Sciences");
    expect(found(report, "F02")).toMatchObject({ declaredEncoding: "ISO-8859-1" });
    expect(report.checks.find((c) => c.id === "F02")!.note).toContain("ISO-8859-1");
  });

  it("judges a daily show of 2,000 episodes on its rules, each episode once", async () => {
    const path = join(tmp, "daily-2000.xml");
    writeFileSync(path, dailyFeed());
    const report = await check(path);
    expect(statuses(report, clean)).toEqual(wanted(clean));
    expect(found(report, "E06")).toMatchObject({ items: DAILY_EPISODES, unique: true });
    expect(found(report, "E02")).toMatchObject({ enclosures: DAILY_EPISODES });
  }, 30_000);

  it("gives the same report through `npm run feed:check -- <file> --json`", async () => {
    const file = join(DIR, "self-hosted-saved.xml.gz");
    const { stdout } = await promisify(execFile)(
      "npm",
      ["run", "feed:check", "--", file, "--json", "--now", NOW],
      { cwd: join(import.meta.dirname, ".."), maxBuffer: 16 * 1024 * 1024 },
    );
    // npm prints its own "> feed:check" lines first; the report is the one JSON line.
    const line = stdout.split("\n").find((text) => text.startsWith("{"))!;
    const report = JSON.parse(line) as Report;
    const expected = CORPUS["self-hosted-saved.xml.gz"]!;
    expect(statuses(report, expected)).toEqual(wanted(expected));
    expect(report).toEqual(await check(file));
  }, 60_000);
});
