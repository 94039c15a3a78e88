import type { Db } from "../_shared/db.ts";
import type { Mailer } from "../_shared/email.ts";
import type { MailContext } from "../_shared/email-text.ts";
import { runJobSteps, type JobReport } from "../_shared/jobs.ts";
import { PRUNE_SQL } from "../_shared/rate-limit.ts";
import { queueRenewalReminders } from "../_shared/renewal-reminders.ts";
import type { LogLine } from "../_shared/serve.ts";
import { pruneSubscriptionRecords } from "../_shared/subscriptions-mirror.ts";
import { resumeEndOlder } from "./end-older.ts";
import { createEndOlderUses, pruneSpentPlanLinks } from "./plan-link-store.ts";
import { runDueWork, type WorkDeps } from "./work.ts";

// All the work that is due without a visitor, behind the one jobs route (and the Node
// server's interval, and `npm run jobs`). Each step takes its rows with a lease or writes them
// once (requests: lease_owner; e-mail: the outbox's claim; reminders: one sent-record per
// anniversary), so two runners at once never do one piece of work twice.

/** Requests, reminders and e-mails taken per run: a minute's run stays well under a minute. */
export const JOBS_REQUEST_BATCH = 10;
export const JOBS_REMINDER_BATCH = 50;
export const JOBS_EMAIL_BATCH = 20;
/** Rows deleted per table per run by the pruning. */
export const JOBS_PRUNE_BATCH = 500;

export interface DueWorkDeps {
  db: Db;
  work: WorkDeps;
  /** The mailer whose clock is `now`, so what `now` makes due is sent. */
  mailerAt: (now: Date) => Mailer;
  context: MailContext;
  /** No e-mail provider: reminders stay in the outbox for `npm run outbox`. */
  local: boolean;
  log: LogLine;
}

/**
 * Runs every kind of due work once, as of `now` (the real time but for an operator's or a
 * test's `--now`). The pruning always counts from the database's own clock: a `--now` in the
 * future makes reminders and retries due, never deletes what Privacy still keeps.
 */
export async function runAllDueWork(deps: DueWorkDeps, now: Date): Promise<JobReport> {
  const mailer = deps.mailerAt(now);
  return await runJobSteps(
    [
      // Cancellations and withdrawals to retry, and withdrawals whose wait is over.
      {
        name: "requests",
        run: () => runDueWork({ ...deps.work, mailer }, now, JOBS_REQUEST_BATCH),
      },
      // Older subscriptions a second one's owner chose to end, where Stripe failed midway.
      {
        name: "endOlder",
        run: () =>
          resumeEndOlder(
            { ...deps.work, uses: createEndOlderUses(deps.db), now: () => now },
            now,
            JOBS_REQUEST_BATCH,
          ),
      },
      {
        name: "reminders",
        run: () =>
          queueRenewalReminders({
            db: deps.db,
            context: deps.context,
            now,
            local: deps.local,
            limit: JOBS_REMINDER_BATCH,
          }),
      },
      // Every queued e-mail: the reminders above, the webhook's confirmations, failed sends.
      { name: "emails", run: () => mailer.retryQueued(JOBS_EMAIL_BATCH) },
      {
        name: "pruned",
        run: async () => {
          const [row] = await deps.db.query<{ deleted: number }>(PRUNE_SQL, [
            JOBS_PRUNE_BATCH,
            null,
          ]);
          return (
            Number(row?.deleted ?? 0) +
            (await pruneSubscriptionRecords(deps.db)) +
            (await pruneSpentPlanLinks(deps.db, JOBS_PRUNE_BATCH))
          );
        },
      },
    ],
    deps.log,
  );
}
