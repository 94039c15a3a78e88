// Editorial checks on a sample kit beyond its size limits: what a producer would send back.
// Pure; the kit loader calls `editorialProblems` during validation, so the build fails on each.

/** The parts of a kit these checks read (a structural subset of the validated kit). */
export type EditorialKit = {
  showNotes: { intro: string; body: string };
  xThread: string[];
};

export type EditorialProblem = { path: (string | number)[]; message: string };

/** The spec's show-notes range, counted over the prose alone (intro and body, not chapters). */
const showNotesProseWords = { min: 300, max: 500 } as const;

const words = (text: string) => text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word));

// "in 7 posts", "7-post thread", "a thread of 7": the count a thread promises its reader.
const promisedCount = /\b(\d+)(?:[ -]posts?\b|[ -]part\b)|\bthread (?:in|of) (\d+)\b/i;
const link = /\bhttps?:\/\/\S+/;

export function editorialProblems(kit: EditorialKit): EditorialProblem[] {
  const problems: EditorialProblem[] = [];
  const { xThread } = kit;

  // A reader counts along: every post carries its number, 1/ first, in order.
  xThread.forEach((post, index) => {
    const number = /^\s*(\d+)\//.exec(post)?.[1];
    if (number !== String(index + 1)) {
      problems.push({
        path: ["xThread", index],
        message: `post ${index + 1} must start with "${index + 1}/"${number ? `, not "${number}/"` : ""}`,
      });
    }
  });
  xThread.forEach((post, index) => {
    const match = promisedCount.exec(post);
    const promised = Number(match?.[1] ?? match?.[2]);
    if (match && promised !== xThread.length) {
      problems.push({
        path: ["xThread", index],
        message: `promises ${promised} posts, and the thread has ${xThread.length}`,
      });
    }
  });
  const last = xThread.at(-1);
  if (last !== undefined && !link.test(last)) {
    problems.push({
      path: ["xThread", xThread.length - 1],
      message: "the last post must end the thread with a link to the episode",
    });
  }

  const prose = words(`${kit.showNotes.intro} ${kit.showNotes.body}`).length;
  if (prose < showNotesProseWords.min || prose > showNotesProseWords.max) {
    problems.push({
      path: ["showNotes"],
      message: `${prose} words of prose (intro and body); the spec asks for 300–500`,
    });
  }
  return problems;
}
