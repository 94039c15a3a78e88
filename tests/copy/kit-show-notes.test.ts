import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { getAllKits, parseKit } from "~/examples/kit-loader.server";
import { showNotesText } from "~/examples/kit";

// The template tab says the kit's show notes were filled from it: every section the template
// has is in the show notes, with the episode's own words under it, and nothing is left unfilled.
describe("a sample kit's show notes and the template they were filled from", () => {
  for (const kit of getAllKits()) {
    it(`${kit.slug}: has every section of the template, each filled`, () => {
      const notes = showNotesText(kit);
      const headings = kit.template.body.split("\n").filter((line) => /^#{1,3} /.test(line));
      expect(headings.length).toBeGreaterThan(3);
      for (const heading of headings.filter((line) => !line.includes("{{"))) {
        expect(notes).toContain(`${heading}\n\n`);
      }
      expect(notes).not.toMatch(/\{\{|\}\}/);
      for (const link of kit.showNotes.links) expect(notes).toContain(link.url);
      if (kit.episode.format === "Interview") {
        expect(kit.template.body).toContain("{{guestBio}}");
        expect(notes).toContain(kit.showNotes.guestBio!);
      }
    });
  }

  it("a kit whose show notes lack a section its template has fails the build", () => {
    const file = "content/examples/open-kitchen-hours.yaml";
    const planted = parse(readFileSync(file, "utf8")) as {
      showNotes: { guestBio?: string; links: unknown[] };
    };
    delete planted.showNotes.guestBio;
    expect(() => parseKit(stringify(planted), file)).toThrow(
      /field "template\.body": \{\{guestBio\}\} has nothing to fill it in this kit/,
    );
  });
});
