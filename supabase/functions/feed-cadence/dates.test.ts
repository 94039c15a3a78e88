import { describe, expect, it } from "vitest";
import { parseFeedDate } from "./dates.ts";

const utc = (y: number, m: number, d: number, h = 0, min = 0, s = 0) =>
  Date.UTC(y, m - 1, d, h, min, s);

describe("parseFeedDate", () => {
  it.each([
    ["Tue, 03 Jun 2025 09:00:00 GMT", utc(2025, 6, 3, 9)],
    ["Tue, 03 Jun 2025 09:00:00 +0000", utc(2025, 6, 3, 9)],
    ["Tue, 3 Jun 2025 09:00:00 -0500", utc(2025, 6, 3, 14)],
    ["Tue, 03 Jun 2025 09:00:00 +05:30", utc(2025, 6, 3, 3, 30)],
    ["Tue, 03 Jun 2025 09:00:00 EDT", utc(2025, 6, 3, 13)],
    ["Tue, 03 Jun 2025 09:00:00 PST", utc(2025, 6, 3, 17)],
    // Zone names beyond GMT and the US ones (BST and CEST among them).
    ["Tue, 03 Jun 2025 09:00:00 BST", utc(2025, 6, 3, 8)],
    ["Tue, 03 Jun 2025 09:00:00 CEST", utc(2025, 6, 3, 7)],
    ["Tue, 03 Jun 2025 09:00:00 CET", utc(2025, 6, 3, 8)],
    ["Tue, 03 Jun 2025 09:00:00 AEST", utc(2025, 6, 2, 23)],
    ["Tue, 03 Jun 2025 09:00:00 gtm", utc(2025, 6, 3, 9)],
    ["Tue, 03 Jun 2025 09:00:00 UTC", utc(2025, 6, 3, 9)],
    ["Tue, 03 Jun 2025 09:00:00 GMT+2", utc(2025, 6, 3, 7)],
    ["Tue, 03 Jun 2025 09:00:00 +0000 (UTC)", utc(2025, 6, 3, 9)],
    // Missing seconds, missing zone (UTC), missing weekday, single-digit hour.
    ["Tue, 03 Jun 2025 09:00 GMT", utc(2025, 6, 3, 9)],
    ["Tue, 03 Jun 2025 09:00:00", utc(2025, 6, 3, 9)],
    ["03 Jun 2025 9:05:00 +0000", utc(2025, 6, 3, 9, 5)],
    ["Tue, 03 Jun 25 09:00:00 GMT", utc(2025, 6, 3, 9)],
    ["Tuesday, 03-Jun-25 09:00:00 GMT", utc(2025, 6, 3, 9)],
    // English month names in other orders.
    ["June 3, 2025", utc(2025, 6, 3)],
    ["Tuesday, June 3rd, 2025 9:30 PM EST", utc(2025, 6, 4, 2, 30)],
    ["3 June 2025", utc(2025, 6, 3)],
    ["Jun 3 2025 12:00 am", utc(2025, 6, 3)],
    ["Sept. 9, 2024", utc(2024, 9, 9)],
    ["Tue Jun  3 09:00:00 2025", utc(2025, 6, 3, 9)],
    ["2025 June 3", utc(2025, 6, 3)],
    // ISO 8601 and its everyday variants.
    ["2025-06-03T09:00:00Z", utc(2025, 6, 3, 9)],
    ["2025-06-03T09:00:00.123+02:00", utc(2025, 6, 3, 7)],
    ["2025-06-03T09:00+0200", utc(2025, 6, 3, 7)],
    ["2025-06-03T09:00:00", utc(2025, 6, 3, 9)],
    ["2025-06-03 09:00:00", utc(2025, 6, 3, 9)],
    ["2025-06-03", utc(2025, 6, 3)],
    ["2025/06/03", utc(2025, 6, 3)],
    ["2025-6-3", utc(2025, 6, 3)],
    ["Fri, 2006/09/15 08:19:53 EDT", utc(2006, 9, 15, 12, 19, 53)],
    ["Wed, 19 Aug 2009 18:28:00 Etc/GMT", utc(2009, 8, 19, 18, 28)],
    ["Wed, 19 Feb 2012 22:40:00 GMT-01:01", utc(2012, 2, 19, 23, 41)],
    ["Mon, 13 Feb, 2012 06:28:00 UTC", utc(2012, 2, 13, 6, 28)],
    ["Thu Aug 30 2012 17:26:16 +0200", utc(2012, 8, 30, 15, 26, 16)],
    ["Sun Jul 15 01:16:00 +0000 2012", utc(2012, 7, 15, 1, 16)],
    ["Thu, 30 Apr 2015 08:57:00 MEST", utc(2015, 4, 30, 6, 57)],
    ["2004-07-08 23:56:58 -00:20", utc(2004, 7, 9, 0, 16, 58)],
    ["June 3, 2025 at 9:00 AM", utc(2025, 6, 3, 9)],
    ["Tuesday, June 3, 2025 - 09:00", utc(2025, 6, 3, 9)],
    ["Tue, 03 Jun 2025 09:00:00 ET", utc(2025, 6, 3, 14)],
    ["Tue, 03 Jun 2025 09:00:00 PT", utc(2025, 6, 3, 17)],
    ["  2025-06-03T09:00:00Z\n", utc(2025, 6, 3, 9)],
  ])("reads %j", (text, time) => {
    expect(parseFeedDate(text)).toBe(time);
  });

  it.each([
    // Ambiguous: 10 December or October 12.
    "10/12/2015",
    "12/10/2015",
    "03.06.2025",
    "10-12-2015",
    // Not dates at all.
    "Episode 12",
    "1",
    "2025",
    "June",
    "Tuesday",
    "soon",
    "",
    undefined,
    // Placeholders: year 1, year 20255.
    "0001-01-01T00:00:00Z",
    "Mon, 01 Jan 0001 00:00:00 GMT",
    "Tue, 03 Jun 20255 09:00:00 GMT",
    // Impossible fields, and a zone name that stands for several zones.
    "Tue, 31 Jun 2025 09:00:00 GMT",
    "2025-02-29",
    "Tue, 03 Jun 2025 25:00:00 GMT",
    "Tue, 03 Jun 2025 09:00:00 IST",
    "Tue, 03 Jun 2025 09:00:00 XYZ",
    "Jun 3 25",
    "Sun, 31 Dec 9999 23:59:59 -9999",
    "Sun, 16 Dec 2012 1:2:3:4 GMT",
    "Sun, Dec x 2012 11:47:32 GMT",
    "2013-01-28T11:30:00-06:00Textra",
    "Fri, 2006/09/15 08:19:53 EDT extra",
  ])("leaves %j undated", (text) => {
    expect(parseFeedDate(text)).toBeNull();
  });

  it("reads a date without a zone as UTC whatever the machine's zone", () => {
    // Node applies a changed TZ at once; Date.parse would now read these in New York time.
    const zone = process.env.TZ;
    process.env.TZ = "America/New_York";
    try {
      expect(new Date(2025, 5, 3, 9).getTime()).not.toBe(Date.UTC(2025, 5, 3, 9));
      expect(parseFeedDate("Tue, 03 Jun 2025 09:00:00")).toBe(Date.UTC(2025, 5, 3, 9));
      expect(parseFeedDate("June 3, 2025 9:00")).toBe(Date.UTC(2025, 5, 3, 9));
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});
