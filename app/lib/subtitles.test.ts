import { describe, expect, it } from "vitest";
import { cueTime, toSrt, toVtt } from "./subtitles";

const cues = [
  { start: 0.2, end: 2.6, text: "You showed customers your margin." },
  { start: 3.1, end: 61.05, text: "I did, and I was nervous\nabout it." },
];

describe("subtitles", () => {
  it("writes times with the separator each format uses", () => {
    expect(cueTime(0, ",")).toBe("00:00:00,000");
    expect(cueTime(61.05, ".")).toBe("00:01:01.050");
    expect(cueTime(3725.5, ",")).toBe("01:02:05,500");
  });

  it("writes SubRip: numbered cues, comma milliseconds, a blank line between cues", () => {
    expect(toSrt(cues)).toBe(
      "1\n00:00:00,200 --> 00:00:02,600\nYou showed customers your margin.\n\n" +
        "2\n00:00:03,100 --> 00:01:01,050\nI did, and I was nervous\nabout it.\n",
    );
  });

  it("writes WebVTT: the signature line with a title, then cues with dot milliseconds", () => {
    const vtt = toVtt(cues, "Open Kitchen Hours, episode 87");
    expect(vtt.startsWith("WEBVTT - Open Kitchen Hours, episode 87\n\n1\n00:00:00.200 --> ")).toBe(
      true,
    );
    expect(vtt).toContain("\n\n2\n00:00:03.100 --> 00:01:01.050\nI did");
    expect(toVtt(cues).split("\n")[0]).toBe("WEBVTT");
  });
});
