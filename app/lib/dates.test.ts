import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { getAllPosts } from "~/content/blog.server";
import { formatLongDate, formatPostDate } from "~/lib/dates";

// docs/product.md's dates, as the listing and the articles must show them.
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
import { formatPostDate } from "./app/lib/dates.ts";
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

describe("post dates do not move with the time zone", () => {
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

describe("dates agree with Intl's en-US formatting, without loading Intl in the browser", () => {
  const short = new Intl.DateTimeFormat("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
  const long = new Intl.DateTimeFormat("en-US", {
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
  // Every day of a leap year, so every month name and every day number is compared.
  const days = Array.from({ length: 366 }, (_, i) =>
    new Date(Date.UTC(2024, 0, 1 + i)).toISOString().slice(0, 10),
  );

  it("on every day of a leap year", () => {
    const utc = (iso: string) => new Date(`${iso}T00:00:00Z`);
    expect(days.map(formatPostDate)).toEqual(days.map((iso) => short.format(utc(iso))));
    expect(days.map(formatLongDate)).toEqual(days.map((iso) => long.format(utc(iso))));
  });

  it.each(["2025-3-5", "15 Mar 2025", "2025-13-01", "2025-00-10", "2025-01-00", "2025-01-32", ""])(
    "refuses %j",
    (input) => {
      expect(() => formatPostDate(input)).toThrow(/yyyy-mm-dd/);
      expect(() => formatLongDate(input)).toThrow(/yyyy-mm-dd/);
    },
  );
});
