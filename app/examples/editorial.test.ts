import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { parseKit } from "./kit-loader.server";
import { editorialProblems, type EditorialKit } from "./editorial";

const prose = Array.from({ length: 320 }, () => "word").join(" ");

function kit(xThread: string[], intro = prose): EditorialKit {
  return { showNotes: { intro, body: "" }, xThread };
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

  it("counts show notes' prose without the chapters: 300 to 500 words", () => {
    const short = editorialProblems(kit(numbered(6), prose.split(" ").slice(0, 299).join(" ")));
    expect(short).toEqual([
      {
        path: ["showNotes"],
        message: "299 words of prose (intro and body); the spec asks for 300–500",
      },
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
