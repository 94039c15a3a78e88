import { readFileSync } from "node:fs";
import { timeLogRows } from "../../../tests/copy/billing-statements";
import { describe, expect, it } from "vitest";
import { plans } from "~/plans/plans";
import {
  countedTasks,
  defaultTaskHours,
  formatHours,
  parseHours,
  timeSaved,
  writingTasks,
} from "./time-saved";

// Every combination of episodes and needs is checked in plan-finder.test.ts.

const plan = (name: string) => plans.find((p) => p.name === name)!;

describe("the time log reader", () => {
  it("reads minutes however the row writes them, and skips other tables", () => {
    const log = [
      "| Asset | Minutes | Published |",
      "| --- | --- | --- |",
      "| Transcript | 60 | Monday |",
      "| **X thread** | 45 min | Tuesday |",
      "| Carousel images | 60 minutes |",
    ].join("\n");
    expect([...timeLogRows(log)]).toEqual([
      ["Transcript", 60],
      ["X thread", 45],
      ["Carousel images", 60],
    ]);
  });
});

describe("time saved", () => {
  it("uses the visitor's own hours", () => {
    const pro = plan("Pro");
    const input = { episodes: 4, needs: ["x-threads"] } as const;
    const hours = { ...defaultTaskHours, transcript: 0, summary: 2, linkedin: 0.5, "x-thread": 1 };
    const saved = timeSaved(pro, input, hours);
    // summary 2 + key points 0.5 + LinkedIn 0.5 + X thread 1, four times.
    expect(saved.perEpisode).toBe(4);
    expect(saved.perMonth).toBe(16);
    expect(saved.headline).toBe("16 hours a month");
    expect(saved.summary).toBe(
      "An estimate, not a measurement: 4 hours of writing per episode (Transcript: 0 hours; Summary and show notes: 2 hours; Key points and quotes: 0.5 hours; LinkedIn post: 0.5 hours; X thread: 1 hour) × 4 episodes.",
    );
    expect(saved.priceNote).toBe("At $149 a month, that is $9.31 for each hour you get back.");
  });

  it("asks for hours when none are entered, and leaves Agency's price to the quote", () => {
    const zero = Object.fromEntries(writingTasks.map((t) => [t.id, 0])) as typeof defaultTaskHours;
    expect(timeSaved(plan("Pro"), { episodes: 4, needs: [] }, zero).priceNote).toMatch(
      /Enter the hours/,
    );
    expect(
      timeSaved(plan("Agency"), { episodes: 9, needs: [] }, defaultTaskHours).priceNote,
    ).toMatch(/quoted to your volume/);
  });

  it("counts the outputs every plan makes without being asked, and no optional one", () => {
    for (const p of plans) {
      expect(countedTasks(p, { episodes: 1, needs: [] }).map((t) => t.id)).toEqual([
        "transcript",
        "summary",
        "key-points",
        "linkedin",
      ]);
    }
  });

  it("counts hours with at most two decimals", () => {
    expect(formatHours(1)).toBe("1 hour");
    expect(formatHours(0)).toBe("0 hours");
    expect(formatHours(2.5)).toBe("2.5 hours");
    expect(formatHours(14.000000001)).toBe("14 hours");
    expect(formatHours(1 / 3)).toBe("0.33 hours");
  });

  it("reads typed-in hours safely", () => {
    expect(parseHours("1.5")).toBe(1.5);
    expect(parseHours("")).toBe(0);
    expect(parseHours("  ")).toBe(0);
    expect(parseHours("-2")).toBe(0);
    expect(parseHours("abc")).toBe(0);
    expect(parseHours("99")).toBe(24);
  });
});

// The repurposing article's logged minutes and the finder's starting guesses are one
// set of figures, so neither can contradict the other.
describe("the repurposing article's time log", () => {
  const source = readFileSync("content/blog/content-repurposing.md", "utf8");
  const logged = timeLogRows(source);

  it("logs every output the finder counts, except the Instagram post it never made", () => {
    expect(writingTasks.filter((task) => !logged.has(task.label)).map((task) => task.id)).toEqual([
      "instagram",
    ]);
  });

  it("gives each of them the finder's starting guess, in minutes", () => {
    for (const task of writingTasks.filter((candidate) => logged.has(candidate.label))) {
      expect(logged.get(task.label), task.label).toBe(task.hours * 60);
    }
  });

  it("adds up to the total the article states", () => {
    const total = [...logged.values()].reduce((sum, minutes) => sum + minutes, 0);
    expect(total).toBe(6 * 60 + 10);
    expect(source).toContain("That's six hours and 10 minutes for one episode");
  });
});
