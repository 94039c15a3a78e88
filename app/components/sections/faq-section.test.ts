import { describe, expect, it } from "vitest";
import { faqs } from "~/plans/billing/faqs";
import { filterFaqs } from "./faq-section";

describe("filterFaqs", () => {
  it("returns every item for an empty or blank query", () => {
    expect(filterFaqs(faqs, "")).toHaveLength(8);
    expect(filterFaqs(faqs, "   ")).toHaveLength(8);
  });

  it("matches questions and answers case-insensitively", () => {
    expect(filterFaqs(faqs, "m4a").map((f) => f.id)).toEqual(["how-it-works", "audio-formats"]);
    expect(filterFaqs(faqs, "REFUND").map((f) => f.id)).toEqual(["money-back", "cancel"]);
  });

  it("requires every word to match", () => {
    expect(filterFaqs(faqs, "cancel notice").map((f) => f.id)).toEqual(["cancel"]);
    expect(filterFaqs(faqs, "cancel zebra")).toEqual([]);
  });
});
