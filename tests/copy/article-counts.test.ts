import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// The fresh read's pairs inside single articles: a count in a sentence that its own table or
// its own figures contradict. Each check reads the article's text; the old wording fails.

const words = [
  "zero",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
];
const number = (word: string) =>
  /^\d+$/.test(word) ? Number(word) : words.indexOf(word.toLowerCase());

/** The body rows of the first Markdown table after `from`. */
function tableAfter(text: string, from: number): string[][] {
  const lines = text.slice(from).split("\n");
  const start = lines.findIndex((line) => line.startsWith("|"));
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith("|")) break;
    rows.push(
      line
        .split("|")
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  }
  return rows;
}

/** audiograms: "N shapes, M destinations" against the export table's shapes and rows. */
function checkExportCounts(text: string): string[] {
  const match = /(\w+) shapes, (\w+) destinations/.exec(text);
  if (match === null) return ['no "N shapes, M destinations" sentence'];
  const rows = tableAfter(text, match.index);
  const shapes = new Set(rows.map((row) => row.at(-1)!.split(" ")[0]));
  const problems: string[] = [];
  if (number(match[2]!) !== rows.length) {
    problems.push(`says ${match[2]} destinations, but the table has ${rows.length}`);
  }
  if (number(match[1]!) !== shapes.size) {
    problems.push(`says ${match[1]} shapes, but the table exports ${shapes.size}`);
  }
  return problems;
}

/** social-media-growth: posts "daily" or "every weekday" for N weeks against the count given. */
function checkScheduleCounts(text: string): string[] {
  const problems: string[] = [];
  const pattern =
    /For (\w+) quiet weeks she posted (daily|every day|every weekday|twice a week)[^:]*: (\w+) posts/g;
  for (const [, weeks, often, posts] of text.matchAll(pattern)) {
    const perWeek = often === "every weekday" ? 5 : often === "twice a week" ? 2 : 7;
    const expected = number(weeks!) * perWeek;
    if (number(posts!) !== expected) {
      problems.push(`posted ${often} for ${weeks} weeks is ${expected} posts, not ${posts}`);
    }
  }
  if (/posted (?:daily|every day)/.test(text) && /every weekday/.test(text)) {
    problems.push('says both "every day" and "every weekday" of one test');
  }
  return problems;
}

const audiograms = readFileSync("content/blog/audiograms.md", "utf8");
const social = readFileSync("content/blog/social-media-growth.md", "utf8");

describe("counts inside an article", () => {
  it("agree with the article's own table and figures", () => {
    expect(checkExportCounts(audiograms)).toEqual([]);
    expect(checkScheduleCounts(social)).toEqual([]);
    expect(social).toMatch(/twice a week: four posts/);
  });

  it("fail on audiograms' old five destinations beside six rows", () => {
    const old = audiograms.replace("six destinations", "five destinations");
    expect(checkExportCounts(old)).toEqual(["says five destinations, but the table has 6"]);
  });

  it("fail on social-media-growth's old daily posting that made ten posts in two weeks", () => {
    const old = social
      .replace("Posting every weekday between releases", "Posting every day between releases")
      .replace("she posted every weekday from", "she posted daily from");
    expect(checkScheduleCounts(old)).toEqual(["posted daily for two weeks is 14 posts, not ten"]);
  });
});
