// Editorial checks on a sample kit beyond its size limits: what a producer would send back.
// Pure; the kit loader calls `editorialProblems` during validation, so the build fails on each.
import { cutMark, fillTemplate, toSeconds, type TemplateSource } from "~/examples/kit";

/** The parts of a kit these checks read (a structural subset of the validated kit). */
export type EditorialKit = TemplateSource & {
  transcript: { at: string; text: string }[];
  xThread: string[];
};

export type EditorialProblem = { path: (string | number)[]; message: string };

/** docs/product.md's show-notes range, counted over the prose alone (not the chapter and link lists). */
const showNotesProseWords = { min: 300, max: 500 } as const;

/**
 * How fast people speak, in words a second: about 2.5 in conversation. A turn that runs at
 * least `minSeconds` (to the next turn, or the episode's end) below `slowest` leaves words out,
 * so it must say where; above `fastest` nobody could say it in the time.
 */
export const speechPace = { slowest: 1.6, fastest: 4, minSeconds: 15 } as const;

const words = (text: string) => text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word));

// "in 7 posts", "7-post thread", "a thread of 7": the count a thread promises its reader.
const promisedCount = /\b(\d+)(?:[ -]posts?\b|[ -]part\b)|\bthread (?:in|of) (\d+)\b/i;
const link = /\bhttps?:\/\/\S+/;
const links = /\bhttps?:\/\/[^\s<>)"”]+/g;

/** Every string in a value, with its path, for checks that read the whole kit. */
function stringsWithPaths(
  value: unknown,
  path: (string | number)[] = [],
): [(string | number)[], string][] {
  if (typeof value === "string") return [[path, value]];
  if (Array.isArray(value))
    return value.flatMap((item, index) => stringsWithPaths(item, [...path, index]));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, item]) => stringsWithPaths(item, [...path, key]));
  }
  return [];
}

/**
 * A fictional show's address must reach no one: only the `.example` names that RFC 2606
 * reserves, over https, are safe to print as if they were the show's own.
 */
function unsafeLink(address: string): string | undefined {
  let url: URL;
  try {
    url = new URL(address.replace(/[.,;:!?]+$/, ""));
  } catch {
    return `${address} is not a valid address`;
  }
  if (url.protocol !== "https:") return `${address} must use https`;
  if (!url.hostname.endsWith(".example")) {
    return `${url.hostname} may be someone's real site: an invented show links only to a reserved .example name`;
  }
  return undefined;
}

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

  const prose = words(fillTemplate(kit, ["chapters", "links"])).length;
  if (prose < showNotesProseWords.min || prose > showNotesProseWords.max) {
    problems.push({
      path: ["showNotes"],
      message: `${prose} words of prose (the show notes without chapters and links); docs/product.md asks for 300–500`,
    });
  }

  // A transcript that skips ahead says so where it does: a reader checking a quote against the
  // audio must not hunt through minutes that the text silently leaves out.
  const end = toSeconds(kit.episode.duration);
  kit.transcript.forEach((line, index) => {
    const next = kit.transcript[index + 1];
    const seconds = (next ? toSeconds(next.at) : end) - toSeconds(line.at);
    const count = words(line.text.replaceAll(cutMark, " ")).length;
    const pace = count / seconds;
    const until = next ? next.at : `the end (${kit.episode.duration})`;
    if (
      seconds >= speechPace.minSeconds &&
      pace < speechPace.slowest &&
      !line.text.includes(cutMark)
    ) {
      problems.push({
        path: ["transcript", index, "text"],
        message: `${line.at} to ${until} holds ${count} words in ${seconds} s: mark where it is cut with "${cutMark}", or fix the timing`,
      });
    }
    if (seconds >= 5 && pace > speechPace.fastest) {
      problems.push({
        path: ["transcript", index, "text"],
        message: `${line.at} to ${until} holds ${count} words in ${seconds} s, faster than anyone speaks`,
      });
    }
  });

  for (const [path, text] of stringsWithPaths(kit)) {
    for (const [address] of text.matchAll(links)) {
      const problem = unsafeLink(address);
      if (problem) problems.push({ path, message: problem });
    }
  }
  return problems;
}
