import { json, problem } from "./http.ts";
import { describeError, type FunctionHandler, type LogLine } from "./serve.ts";

// The one runner of work that is due without a visitor (docs/deployment.md, "Due work"): each
// step is a named piece of work, run in order; one that fails is logged and the next still
// runs, so a mail provider that is down never stops the pruning. Every step is safe to run
// in two processes at once: each takes its rows with a lease or writes them once.

/** What one run did: per step, how many things it did, or "failed". */
export type JobReport = Record<string, number | "failed">;

export interface JobStep {
  name: string;
  run: () => Promise<number>;
}

/** Runs every step once, in order; a failing step is logged (its name only) and skipped. */
export async function runJobSteps(steps: readonly JobStep[], log: LogLine): Promise<JobReport> {
  const report: JobReport = {};
  for (const step of steps) {
    try {
      report[step.name] = await step.run();
    } catch (error) {
      report[step.name] = "failed";
      log(
        JSON.stringify({
          level: "warn",
          event: "jobs_step_failed",
          step: step.name,
          ...describeError(error),
        }),
      );
    }
  }
  return report;
}

/** The header the scheduler sends the jobs secret in. */
export const JOBS_SECRET_HEADER = "x-jobs-secret";
/** The route, under a function's own path, that runs the due work. */
export const JOBS_PATH = /\/jobs\/?$/;

async function digest(key: CryptoKey, text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(text)));
}

/**
 * Whether `given` is the secret, in time that does not depend on where they differ: both are
 * MACed under a fresh key and the MACs compared in full, so neither length nor prefix leaks.
 */
export async function jobsSecretMatches(given: string | null, secret: string): Promise<boolean> {
  if (given === null || given === "") return false;
  const key = await crypto.subtle.importKey(
    "raw",
    crypto.getRandomValues(new Uint8Array(32)),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const [a, b] = await Promise.all([digest(key, given), digest(key, secret)]);
  let difference = 0;
  for (let i = 0; i < a.length; i += 1) difference |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return difference === 0;
}

/**
 * Puts the jobs route in front of a function: `POST …/jobs` with the secret in
 * `x-jobs-secret` runs the due work once and answers its report; a wrong or missing secret
 * gets 401, and without a secret configured the route does not exist (404). Every other
 * request goes to `handler` unchanged.
 */
export function withJobsRoute(
  handler: FunctionHandler,
  options: { secret: string | undefined; run: () => Promise<JobReport>; log: LogLine },
): FunctionHandler {
  return async (req, info) => {
    if (!JOBS_PATH.test(new URL(req.url).pathname)) return await handler(req, info);
    await req.body?.cancel().catch(() => {});
    if (options.secret === undefined) {
      return problem(404, "not_found", "There is nothing here.");
    }
    if (req.method !== "POST") {
      return problem(405, "method_not_allowed", "Use POST.", { Allow: "POST" });
    }
    if (!(await jobsSecretMatches(req.headers.get(JOBS_SECRET_HEADER), options.secret))) {
      options.log(JSON.stringify({ level: "warn", event: "jobs_refused" }));
      return problem(401, "unauthorized", "The jobs secret is missing or wrong.");
    }
    const report = await options.run();
    options.log(JSON.stringify({ level: "info", event: "jobs_ran", report }));
    return json({ status: "ran", report });
  };
}

/**
 * Runs `run` every `intervalMs` in this process, never two at once (a run still going when
 * the next is due skips that one). The timer never keeps the process alive; the returned
 * function stops it and resolves once a run in progress has finished.
 */
export function startJobInterval(
  run: () => Promise<unknown>,
  intervalMs: number,
  log: LogLine,
): () => Promise<void> {
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running !== undefined) return;
    running = run()
      .then(
        () => {},
        (error: unknown) => {
          log(JSON.stringify({ level: "warn", event: "jobs_run_failed", ...describeError(error) }));
        },
      )
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, intervalMs);
  (timer as { unref?: () => void }).unref?.();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
