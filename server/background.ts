import type { Db } from "../supabase/functions/_shared/db.ts";
import type { Mailer } from "../supabase/functions/_shared/email.ts";
import { PRUNE_SQL } from "../supabase/functions/_shared/rate-limit.ts";

/** How often the server retries queued e-mail, and how many messages at most each time. */
export const EMAIL_RETRY_INTERVAL_MS = 60_000;
export const EMAIL_RETRY_BATCH = 20;
/** How often it deletes expired rate-limit windows and feed answers, a bounded batch each. */
export const PRUNE_INTERVAL_MS = 10 * 60_000;

/**
 * The server's housekeeping: queued e-mail retried each minute (a bounded batch), expired
 * rows pruned every ten minutes. Neither keeps the process alive; errors are logged, never
 * thrown. Returns a function that stops both.
 */
export function startHousekeeping(options: {
  db: Db;
  mailer: Mailer;
  log?: (line: string) => void;
}): () => void {
  const log = options.log ?? ((line: string) => console.error(line));
  const report = (event: string) => (error: unknown) =>
    log(
      JSON.stringify({
        level: "warn",
        event,
        errorName: error instanceof Error ? error.name : typeof error,
      }),
    );
  let retrying = false;
  const retry = setInterval(() => {
    if (retrying) return;
    retrying = true;
    options.mailer
      .retryQueued(EMAIL_RETRY_BATCH)
      .then((sent) => {
        if (sent > 0) log(JSON.stringify({ level: "info", event: "email_retried", sent }));
      }, report("email_retry_failed"))
      .finally(() => {
        retrying = false;
      });
  }, EMAIL_RETRY_INTERVAL_MS);
  const prune = setInterval(() => {
    options.db.query(PRUNE_SQL, [5_000, null]).catch(report("prune_failed"));
  }, PRUNE_INTERVAL_MS);
  retry.unref();
  prune.unref();
  return () => {
    clearInterval(retry);
    clearInterval(prune);
  };
}
