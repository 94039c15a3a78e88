import { readFileSync } from "node:fs";
import { timeLogRows } from "~/content/time-log.server";
import { describe, expect, it } from "vitest";
import { plans } from "~/plans/plans";
import {
  countedTasks,
  formatHours,
  parseHours,
  startingTaskHours,
  timeSaved,
  writingTasks,
} from "./time-saved";

const defaultTaskHours = startingTaskHours(
  timeLogRows(readFileSync("content/blog/content-repurposing.md", "utf8")),
);

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
  it("uses the visitor's own hours, and says the time back is less until reviewing is entered", () => {
    const pro = plan("Pro");
    const input = { episodes: 4, needs: ["x-threads"] } as const;
    const hours = { ...defaultTaskHours, transcript: 0, summary: 2, linkedin: 0.5, "x-thread": 1 };
    const saved = timeSaved(pro, input, hours);
    // summary 2 + key points 0.5 + LinkedIn 0.5 + X thread 1, four times.
    expect(saved.perEpisode).toBe(4);
    expect(saved.perMonth).toBe(16);
    expect(saved.netPerMonth).toBe(16);
    expect(saved.headline).toBe("16 hours a month");
    expect(saved.summary).toBe(
      "An estimate, not a measurement: 4 hours of writing per episode (Transcript: 0 hours; Summary: 2 hours; Key points and quotes: 0.5 hours; LinkedIn post: 0.5 hours; X thread: 1 hour) × 4 episodes.",
    );
    expect(saved.backNote).toMatch(
      /^The time you get back is less than this: reviewing and editing/,
    );
    expect(saved.priceNote).toBe(
      "At $149 a month, that is $9.31 for each hour of writing it drafts, before your reviewing and editing.",
    );
  });

  it("takes the visitor's reviewing and editing off, and never goes below nothing", () => {
    const pro = plan("Pro");
    const input = { episodes: 4, needs: ["x-threads"] } as const;
    const hours = { ...defaultTaskHours, transcript: 0, summary: 2, linkedin: 0.5, "x-thread": 1 };
    const saved = timeSaved(pro, input, hours, 1.5);
    expect(saved.netPerMonth).toBe(10);
    expect(saved.backNote).toBe(
      "Time you get back after reviewing and editing: 10 hours a month, with your 1.5 hours per episode taken off.",
    );
    expect(saved.priceNote).toBe(
      "At $149 a month, that is $14.90 for each hour you get back after reviewing and editing.",
    );
    const none = timeSaved(pro, input, hours, 5);
    expect(none.netPerMonth).toBe(0);
    expect(none.centsPerHour).toBeNull();
    expect(none.backNote).toMatch(/: none\. At 5 hours per episode/);
    expect(none.priceNote).toMatch(/drafts but no time back/);
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
    // Show notes filled from your own template come with Content Templates, from Pro up.
    expect(
      countedTasks(plan("Starter"), { episodes: 1, needs: ["templates"] }).map((t) => t.id),
    ).not.toContain("show-notes");
    expect(
      countedTasks(plan("Pro"), { episodes: 1, needs: ["templates"] }).map((t) => t.id),
    ).toContain("show-notes");
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

// The finder reads its starting hours from the repurposing article's time log, so the two are
// one set of figures.
describe("the repurposing article's time log", () => {
  const source = readFileSync("content/blog/content-repurposing.md", "utf8");
  const logged = timeLogRows(source);

  it("logs every output the finder counts, except the Instagram post it never made", () => {
    expect(writingTasks.filter((task) => !("logged" in task)).map((task) => task.id)).toEqual([
      "instagram",
    ]);
    for (const task of writingTasks) {
      if ("logged" in task) expect(logged.has(task.logged), task.logged).toBe(true);
    }
  });

  it("gives the finder its starting hours, to the quarter hour, and fails without a row", () => {
    expect(defaultTaskHours).toMatchObject({ transcript: 3.25, summary: 0.25, linkedin: 0.5 });
    const edited = new Map(logged).set("LinkedIn post", 45);
    expect(startingTaskHours(edited).linkedin).toBe(0.75);
    const gone = new Map(logged);
    gone.delete("Transcript");
    expect(() => startingTaskHours(gone)).toThrow(/no "Transcript" row/);
  });

  it("adds up to the total the article states", () => {
    const total = [...logged.values()].reduce((sum, minutes) => sum + minutes, 0);
    expect(total).toBe(8 * 60 + 25);
    expect(source).toContain("That's eight hours and 25 minutes for one episode");
  });
});
