import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { getAllPosts } from "~/lib/blog.server";
import { formatLongDate, formatPostDate } from "~/lib/format";

// The spec's dates, as the listing and the articles must show them.
const expected: Record<string, string> = {
  "content-repurposing": "Mar 15, 2025",
  "social-media-growth": "Mar 8, 2025",
  "podcast-seo": "Feb 28, 2025",
  audiograms: "Feb 20, 2025",
  "podcast-analytics": "Feb 12, 2025",
};

/**
 * Runs in a fresh Node process started with TZ set, so the zone is in force before anything
 * reads it. Besides formatPostDate's output it reports the zone it ran in and what two usual
 * mistakes would print there, which shows the zone is one where those mistakes show.
 */
const probe = `
import { formatPostDate } from "./app/lib/format.ts";
const dates = JSON.parse(process.env.POST_DATES);
const options = { month: "short", day: "numeric", year: "numeric" };
const local = new Intl.DateTimeFormat("en-US", options);
const utc = new Intl.DateTimeFormat("en-US", { ...options, timeZone: "UTC" });
const localMidnight = (iso) => {
  const [year, month, day] = iso.split("-").map(Number);
  return new Date(year, month - 1, day);
};
console.log(JSON.stringify({
  zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  formatted: dates.map(formatPostDate),
  utcDateLocalFormat: dates.map((iso) => local.format(new Date(iso))),
  localDateUtcFormat: dates.map((iso) => utc.format(localMidnight(iso))),
}));
`;

type ProbeResult = {
  zone: string;
  formatted: string[];
  utcDateLocalFormat: string[];
  localDateUtcFormat: string[];
};

function runIn(zone: string, dates: string[]): ProbeResult {
  const output = execFileSync("node_modules/.bin/tsx", ["--eval", probe], {
    env: { ...process.env, TZ: zone, POST_DATES: JSON.stringify(dates) },
    encoding: "utf8",
  });
  return JSON.parse(output) as ProbeResult;
}

describe("post dates are formatted in UTC", () => {
  const posts = getAllPosts();
  const dates = posts.map((post) => post.date);
  const labels = posts.map((post) => expected[post.slug]);

  it("in this process", () => {
    expect(posts.map((post) => formatPostDate(post.date))).toEqual(labels);
  });

  it.each([
    // West of UTC: midnight UTC is the previous evening, so formatting in local time loses a day.
    ["America/Los_Angeles", "utcDateLocalFormat"],
    // East of UTC: local midnight is the previous day in UTC, so parsing as local time loses one.
    ["Asia/Tokyo", "localDateUtcFormat"],
  ] as const)("under TZ=%s, where %s would go wrong", (zone, mistake) => {
    const result = runIn(zone, dates);
    expect(result.zone).toBe(zone);
    expect(result.formatted).toEqual(labels);
    expect(result[mistake]).not.toEqual(labels);
  });
});

describe("formatLongDate", () => {
  it("writes the month in full", () => {
    expect(formatLongDate("2025-04-18")).toBe("April 18, 2025");
  });
});
