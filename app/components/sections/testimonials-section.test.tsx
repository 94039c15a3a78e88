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
  it("defaults to marking them illustrative, in small print under the list", () => {
    expect(legalConfig.sampleContent).toBe(true);
    render(<TestimonialsSection testimonials={testimonials} />);
    expect(screen.getByText(sampleContentNotes.testimonials)).toHaveClass("text-xs");
  });

  it("drops the note once sampleContent is false", () => {
    config.sampleContent = false;
    render(<TestimonialsSection testimonials={testimonials} />);
    expect(screen.queryByText(sampleContentNotes.testimonials)).toBeNull();
  });
});
