// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { legalConfig } from "~/config/legal-entity";
import { sampleContentNotes, testimonials } from "~/data/testimonial-quotes";
import { TestimonialsSection } from "./testimonials-section";

const config = legalConfig as { sampleContent: boolean };

afterEach(() => {
  config.sampleContent = true;
});

describe("testimonials while they are sample content", () => {
  it("defaults to saying they are illustrative, at body size, above the list", () => {
    expect(legalConfig.sampleContent).toBe(true);
    render(<TestimonialsSection testimonials={testimonials} />);
    const label = screen.getByText(sampleContentNotes.testimonials);
    expect(label).toHaveClass("text-base");
    expect(label.className).not.toMatch(/text-(?:xs|sm)\b|text-muted/);
    const list = screen.getByRole("list");
    // The label comes first in reading order, so no one reads a quote before it.
    expect(label.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("drops the note once sampleContent is false", () => {
    config.sampleContent = false;
    render(<TestimonialsSection testimonials={testimonials} />);
    expect(screen.queryByText(sampleContentNotes.testimonials)).toBeNull();
  });
});
