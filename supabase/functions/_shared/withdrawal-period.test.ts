import { describe, expect, it } from "vitest";
import { withdrawalPeriod, withinWithdrawalPeriod } from "./contract.ts";

// The withdrawal period in calendar days: from the day after the day of subscribing (the
// latest date on Earth then), to the end of the 14th day in the latest time zone, moved to
// Monday when it falls on a weekend.

describe("the withdrawal period", () => {
  it.each([
    // subscribed at (UTC)      last day        ends at (UTC)
    ["2026-11-04T09:00:00Z", "2026-11-18", "2026-11-19T12:00:00.000Z"], // Wed → Wed
    ["2026-11-06T09:00:00Z", "2026-11-20", "2026-11-21T12:00:00.000Z"], // Fri → Fri
    ["2026-11-07T09:00:00Z", "2026-11-23", "2026-11-24T12:00:00.000Z"], // Sat → Sat → Mon
    ["2026-11-08T09:00:00Z", "2026-11-23", "2026-11-24T12:00:00.000Z"], // Sun → Sun → Mon
    ["2026-11-02T09:00:00Z", "2026-11-16", "2026-11-17T12:00:00.000Z"], // Mon → Mon
    // 10:00 UTC is midnight in UTC+14: the next date has begun somewhere on Earth.
    ["2026-11-04T09:59:59Z", "2026-11-18", "2026-11-19T12:00:00.000Z"],
    ["2026-11-04T10:00:00Z", "2026-11-19", "2026-11-20T12:00:00.000Z"],
    // Late on a Friday (UTC) is already Saturday in UTC+14: the 14th day is a Saturday.
    ["2026-11-06T23:00:00Z", "2026-11-23", "2026-11-24T12:00:00.000Z"],
    // Across a year's end, and across a leap day.
    ["2026-12-31T09:00:00Z", "2027-01-14", "2027-01-15T12:00:00.000Z"],
    ["2028-02-14T09:00:00Z", "2028-02-28", "2028-02-29T12:00:00.000Z"],
  ])("subscribed %s: the last day is %s, which ends at %s", (subscribed, lastDay, endsAt) => {
    const period = withdrawalPeriod(new Date(subscribed));
    expect(period.lastDay).toBe(lastDay);
    expect(period.endsAt.toISOString()).toBe(endsAt);
  });

  it.each([
    ["2026-11-19T11:59:59.999Z", true],
    ["2026-11-19T12:00:00.000Z", false],
    ["2026-11-18T23:59:59.999Z", true],
    ["2026-11-04T09:00:01.000Z", true],
  ])("a statement received at %s is within the period: %s", (received, within) => {
    expect(withinWithdrawalPeriod(new Date("2026-11-04T09:00:00Z"), new Date(received))).toBe(
      within,
    );
  });

  it("keeps a weekend's extra days to the Monday's end, and no further", () => {
    const subscribed = new Date("2026-11-07T09:00:00Z");
    expect(withinWithdrawalPeriod(subscribed, new Date("2026-11-24T11:59:59Z"))).toBe(true);
    expect(withinWithdrawalPeriod(subscribed, new Date("2026-11-24T12:00:00Z"))).toBe(false);
  });
});
