import { parseArgs } from "node:util";
import { pathToFileURL } from "node:url";
import type { JobReport } from "../supabase/functions/_shared/jobs.ts";
import { createManageSubscriptionFromEnv } from "../supabase/functions/manage-subscription/from-env.ts";
import { loadEnvOrExit } from "../server/env.ts";
import { openSource } from "./outbox.ts";

// `npm run jobs [-- --now <ISO date>]`: runs the due work once (the same runner Supabase Cron
// calls each minute and the server runs on its interval) against the database `npm start`
// uses, and prints what it did. `--now` runs it as of another moment: a test's "a year later"
// makes the yearly reminders and any waiting retries due; pruning keeps the real clock.

/** The moment to run as: `--now` (an ISO 8601 date or date-time), else the real time. */
export function parseJobsArgs(argv: readonly string[], clock = () => new Date()): Date {
  const { values } = parseArgs({
    args: [...argv],
    options: { now: { type: "string" } },
    strict: true,
    allowPositionals: false,
  });
  if (values.now === undefined) return clock();
  const iso = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/;
  const at = new Date(values.now);
  // A day the calendar lacks (30 February) would otherwise roll over into the next month.
  const day = new Date(`${values.now.slice(0, 10)}T00:00:00Z`);
  const real =
    !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === values.now.slice(0, 10);
  if (!iso.test(values.now) || !real || Number.isNaN(at.getTime())) {
    throw new Error(
      `--now must be an ISO 8601 date, such as 2027-11-28T12:00:00Z (got "${values.now}").`,
    );
  }
  return at;
}

const WORDS: Record<string, string> = {
  requests: "cancellation and withdrawal requests worked on",
  endOlder: "older subscriptions ended and refunded",
  reminders: "yearly reminders written",
  emails: "e-mails sent from the outbox",
  pruned: "rows past their retention deleted",
};

/** One line per step: how many, or that it failed (the log line above says why). */
export function formatReport(report: JobReport, now: Date): string {
  const lines = Object.entries(report).map(([step, done]) =>
    done === "failed"
      ? `  ${step}: failed (see the log above)`
      : `  ${WORDS[step] ?? step}: ${done}`,
  );
  return [`Due work as of ${now.toISOString()}:`, ...lines].join("\n");
}

async function main(): Promise<number> {
  let now: Date;
  try {
    now = parseJobsArgs(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 2;
  }
  const env = loadEnvOrExit();
  const source = await openSource();
  if (typeof source === "string") {
    console.log(source);
    return 0;
  }
  try {
    const manage = createManageSubscriptionFromEnv(env.vars, { db: source.db });
    const report = await manage.runJobs(now);
    console.log(`Database: ${source.description}.`);
    console.log(formatReport(report, now));
    return Object.values(report).includes("failed") ? 1 : 0;
  } finally {
    await source.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(
        `Could not run the due work: ${error instanceof Error ? error.message : String(error)}`,
      );
      process.exit(1);
    },
  );
}
