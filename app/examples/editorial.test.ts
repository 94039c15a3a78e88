import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { parseKit } from "./kit-loader.server";
import { editorialProblems, type EditorialKit } from "./editorial";

const sample = parse(
  readFileSync("content/examples/open-kitchen-hours.yaml", "utf8"),
) as EditorialKit;

/** The sample interview kit with another thread and, optionally, another template. */
function kit(xThread: string[], template = sample.template.body): EditorialKit {
  return { ...structuredClone(sample), xThread, template: { name: "Notes", body: template } };
}

const numbered = (count: number) =>
  Array.from({ length: count }, (_, index) => `${index + 1}/ Post.`).map((post, index, all) =>
    index === all.length - 1 ? `${post} https://show.example/1` : post,
  );

describe("editorialProblems", () => {
  it("passes a thread numbered 1/ to n/ that keeps its promise and ends with a link", () => {
    const thread = numbered(7);
    thread[0] = "1/ Five rules, in 7 posts 🧵";
    expect(editorialProblems(kit(thread))).toEqual([]);
  });

  it("rejects an unnumbered opening post and numbers out of order", () => {
    const thread = numbered(6);
    thread[0] = "Our guest raised a price 🧵";
    thread[3] = "3/ Again.";
    expect(editorialProblems(kit(thread))).toEqual([
      { path: ["xThread", 0], message: 'post 1 must start with "1/"' },
      { path: ["xThread", 3], message: 'post 4 must start with "4/", not "3/"' },
    ]);
  });

  it("rejects a promise the thread does not keep", () => {
    const thread = numbered(6);
    thread[0] = "1/ A thread in 7 posts";
    expect(editorialProblems(kit(thread))).toEqual([
      { path: ["xThread", 0], message: "promises 7 posts, and the thread has 6" },
    ]);
  });

  it("rejects a thread whose last post has no link", () => {
    const thread = numbered(6);
    thread[5] = "6/ Wherever you get podcasts.";
    expect(editorialProblems(kit(thread))[0]?.message).toMatch(/must end the thread with a link/);
  });

  it("counts show notes' prose without the chapters and links: 300 to 500 words", () => {
    // The summary and the guest's bio alone are under 300 words; chapters and links do not count.
    const short = editorialProblems(
      kit(numbered(6), "{{summary}}\n\n{{guestBio}}\n\n{{chapters}}\n\n{{links}}"),
    );
    expect(short).toEqual([
      {
        path: ["showNotes"],
        message: expect.stringMatching(
          /^2\d\d words of prose \(the show notes without chapters and links\); docs\/product\.md asks for 300–500$/,
        ),
      },
    ]);
  });

  it("asks for a cut mark where a turn holds fewer words than its time", () => {
    const gap = kit(numbered(6));
    gap.episode = { ...gap.episode, duration: "00:09:00" };
    expect(editorialProblems(gap)).toEqual([
      {
        path: ["transcript", 31, "text"],
        message:
          '00:06:42 to the end (00:09:00) holds 17 words in 138 s: mark where it is cut with "[…]", or fix the timing',
      },
    ]);
    gap.transcript[31]!.text += " […]";
    expect(editorialProblems(gap)).toEqual([]);
  });

  it("accepts only https links on reserved .example names", () => {
    const links = kit(numbered(6));
    links.showNotes.links = [
      { label: "Real", url: "https://crumbandcompass.com/" },
      { label: "Plain", url: "http://show.example/" },
    ];
    expect(editorialProblems(links).map((problem) => problem.message)).toEqual([
      "crumbandcompass.com may be someone's real site: an invented show links only to a reserved .example name",
      "http://show.example/ must use https",
    ]);
  });
});

describe("the kit loader runs the check", () => {
  for (const slug of ["open-kitchen-hours", "the-slow-build"]) {
    const file = `content/examples/${slug}.yaml`;
    const source = readFileSync(file, "utf8");

    it(`${slug} passes`, () => {
      expect(editorialProblems(parse(source) as EditorialKit)).toEqual([]);
    });

    it(`${slug}: an unnumbered first post fails the build`, () => {
      const planted = parse(source) as EditorialKit;
      planted.xThread[0] = planted.xThread[0]!.replace(/^1\/ /, "");
      expect(() => parseKit(stringify(planted), file)).toThrow(
        `${file}: field "xThread.0": post 1 must start with "1/"`,
      );
    });
  }
});
