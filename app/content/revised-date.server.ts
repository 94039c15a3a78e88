import { execFileSync } from "node:child_process";
import { statSync } from "node:fs";
import { resolve } from "node:path";

// The "Revised" date of a legal page: the day its words last changed, read at build time. Its
// words are its own file and the modules its tokens quote. Git knows when each last changed (the
// last commit that touched it); a checkout without history (a tarball, an unpacked archive) has
// only the files' modification times, which `git archive` and most packers set to the commit's
// time. A shallow clone, as CI makes, still answers from git: with the history cut, a file's
// last change reads as the newest commit's date, a real date no earlier than the true one.

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

export type RevisedDateSources = {
  /** `git log -1 --format=%cs -- <file>`'s answer, or null when git cannot say. */
  gitDate: (file: string) => string | null;
  /** Whether the file differs from its last commit (an edit not yet committed). */
  changedSinceCommit: (file: string) => boolean;
  /** The file's modification time as a UTC date, or null when it cannot be read. */
  modifiedDate: (file: string) => string | null;
};

function git(args: readonly string[]): string | null {
  try {
    return execFileSync("git", args, {
      cwd: process.cwd(),
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
      timeout: 5_000,
    }).trim();
  } catch {
    return null;
  }
}

export const systemSources: RevisedDateSources = {
  gitDate(file) {
    const answer = git(["log", "-1", "--format=%cs", "--", file]);
    return answer !== null && isoDate.test(answer) ? answer : null;
  },
  changedSinceCommit(file) {
    const answer = git(["status", "--porcelain", "--", file]);
    return answer !== null && answer !== "";
  },
  modifiedDate(file) {
    try {
      return statSync(resolve(process.cwd(), file)).mtime.toISOString().slice(0, 10);
    } catch {
      return null;
    }
  },
};

/** The day one file last changed, or null when neither git nor the file system can say. */
function changedOn(file: string, sources: RevisedDateSources): string | null {
  const committed = sources.gitDate(file);
  return committed !== null && !sources.changedSinceCommit(file)
    ? committed
    : (sources.modifiedDate(file) ?? committed);
}

/**
 * The day the words of a page last changed: the latest change to any of `files` (relative to
 * the project), each its last commit's date or, for an edit not yet committed or a checkout
 * without git, its modification date. `files` is the page's own file and the modules its
 * `{{tokens}}` quote (legal-token-sources.ts). Never before `notBefore`, the page's own "Last
 * updated" date, which a revision cannot precede.
 */
export function revisedDate(
  files: string | readonly string[],
  notBefore: string,
  sources: RevisedDateSources = systemSources,
): string {
  let latest = notBefore;
  for (const file of typeof files === "string" ? [files] : files) {
    const date = changedOn(file, sources);
    if (date !== null && date > latest) latest = date;
  }
  return latest;
}
