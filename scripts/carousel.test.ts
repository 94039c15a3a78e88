import { describe, expect, it } from "vitest";
import { layoutSlide, SlideTextError, slideSvg } from "./carousel.ts";

describe("carousel slides", () => {
  it("lay out a slide's title and body within the slide", () => {
    const { title, body } = layoutSlide(
      { title: "Change three prices, not thirty", body: "Pastries, coffee and lunch stayed put." },
      0,
    );
    expect(title.lines.length).toBeGreaterThan(0);
    expect(body.lines.join(" ")).toBe("Pastries, coffee and lunch stayed put.");
  });

  it("refuse a character the slide font cannot draw, naming the field", () => {
    expect(() => layoutSlide({ title: "Six → eight", body: "Body" }, 3)).toThrow(SlideTextError);
    try {
      layoutSlide({ title: "Title", body: "Six → eight" }, 3);
    } catch (error) {
      expect((error as SlideTextError).field).toBe("carousel.3.body");
    }
  });

  it("refuse text that cannot fit, even at the smallest size", () => {
    const long = Array.from({ length: 60 }, () => "overflowing").join(" ");
    expect(() => layoutSlide({ title: long, body: long }, 1)).toThrow(/does not fit/);
  });

  it("carry the slide text in the SVG's title, escaped", () => {
    const svg = slideSvg(
      { title: "Bread & butter", body: "A <small> loaf." },
      { show: "Show", number: 1, index: 0, count: 6 },
    );
    expect(svg).toContain("<title>Bread &amp; butter. A &lt;small&gt; loaf.</title>");
    expect(svg).toContain('width="1080" height="1350"');
  });
});
