import { describe, expect, it } from "vitest";
import { countWords, htmlText } from "~/lib/words";

describe("countWords", () => {
  it("counts runs holding a letter or a digit, not lone punctuation", () => {
    expect(countWords("One two — 3 & four")).toBe(4);
  });

  it("counts the words of an HTML body's text, not markup, entities or alt text", () => {
    expect(
      countWords(htmlText('<p>One <strong>two</strong> three &#x26; four</p>\n<img alt="x y">')),
    ).toBe(4);
  });
});
