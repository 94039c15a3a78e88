import { READ_QUEUE, READ_WORKERS } from "./budget.ts";
import type { CheckupReadOptions, CheckupReading } from "./checkup/check.ts";
import type { ReadReply, ReadRequest } from "./read-worker.ts";
import type { FeedReading, ReadFeedOptions } from "./reading.ts";

// A feed is read off the event loop, in a worker of its own that is ended at the look-up's
// deadline: a document shaped to be slow to parse then costs one worker for a few seconds,
// never the server's main thread, so pages and checkout keep answering. At most `workers`
// read at once and `queue` wait, so hostile feeds cannot spawn threads without end.

export type WorkerAnswer =
  | { ok: true; reading: FeedReading }
  /** timeout: the deadline passed, waiting or reading; crashed: the worker failed or ran out
   * of memory; busy: every worker and queue place was taken. */
  | { ok: false; reason: "timeout" | "crashed" | "busy"; detail?: string };

type Failure = { ok: false; reason: "timeout" | "crashed" | "busy"; detail?: string };

/** The check-up's reading in a worker of the same pool (checkup/check.ts). */
export type CheckAnswer = { ok: true; checkup: CheckupReading } | Failure;
export type CheckInWorker = (
  bytes: Uint8Array,
  options: CheckupReadOptions,
  timeoutMs: number,
) => Promise<CheckAnswer>;

/** Reads one feed's bytes in a worker, answering within `timeoutMs` whatever the feed. */
export type ReadInWorker = (
  bytes: Uint8Array,
  options: ReadFeedOptions,
  timeoutMs: number,
) => Promise<WorkerAnswer>;

export type Settled = { kind: "reply"; reply: ReadReply } | { kind: "failed"; detail: string };

/** One started worker, whichever runtime's. */
export type ReadWorkerHandle = {
  send(request: ReadRequest, transfer: ArrayBuffer[]): void;
  /** Called once: the reply to the request sent next, or why there will be none. */
  onSettled(listener: (settled: Settled) => void): void;
  /** True once the worker failed or ended: it reads nothing more. */
  ended(): boolean;
  terminate(): void;
};

export type ReadPoolLimits = {
  workers: number;
  queue: number;
  /**
   * Loaded workers kept idle, started ahead and reused after a reading that answered, so a
   * look-up does not wait for one to load. A worker that timed out or failed is ended.
   */
  spares?: number;
};

export function createWorkerReader(
  spawn: () => ReadWorkerHandle,
  limits: ReadPoolLimits = { workers: READ_WORKERS, queue: READ_QUEUE },
): ReadInWorker {
  return createWorkerPool(spawn, limits).read;
}

/**
 * One pool, two kinds of reading: the pace (`read`) and the check-up (`check`) share its
 * workers, its queue and its limits.
 */
export function createWorkerPool(
  spawn: () => ReadWorkerHandle,
  limits: ReadPoolLimits = { workers: READ_WORKERS, queue: READ_QUEUE },
): { read: ReadInWorker; check: CheckInWorker } {
  let running = 0;
  const waiting: Array<() => void> = [];
  const idle: ReadWorkerHandle[] = [];
  const refill = () => {
    while (idle.length < (limits.spares ?? 0)) {
      try {
        idle.push(spawn());
      } catch {
        return;
      }
    }
  };
  /** A loaded spare if one is still alive, else a new worker. */
  const take = (): ReadWorkerHandle => {
    for (let spare = idle.shift(); spare !== undefined; spare = idle.shift()) {
      if (!spare.ended()) return spare;
      spare.terminate();
    }
    return spawn();
  };
  const startNext = () => {
    while (running < limits.workers && waiting.length > 0) waiting.shift()!();
    refill();
  };
  refill();

  const submit = (
    request: ReadRequest,
    timeoutMs: number,
  ): Promise<{ ok: true; reply: ReadReply } | Failure> =>
    new Promise((resolve) => {
      const { bytes } = request;
      let worker: ReadWorkerHandle | null = null;
      let done = false;
      const finish = (answer: { ok: true; reply: ReadReply } | Failure) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        if (worker !== null) {
          running -= 1;
          if (answer.ok && idle.length < (limits.spares ?? 0)) idle.push(worker);
          else worker.terminate();
        } else {
          const at = waiting.indexOf(start);
          if (at !== -1) waiting.splice(at, 1);
        }
        resolve(answer);
        startNext();
      };
      const start = () => {
        if (done) return;
        running += 1;
        try {
          worker = take();
        } catch (error) {
          running -= 1;
          worker = null;
          finish({ ok: false, reason: "crashed", detail: `spawn: ${describeError(error)}` });
          return;
        }
        worker.onSettled((settled) => {
          if (settled.kind === "failed") {
            finish({ ok: false, reason: "crashed", detail: settled.detail });
          } else if ("error" in settled.reply) {
            finish({ ok: false, reason: "crashed", detail: settled.reply.error });
          } else {
            finish({ ok: true, reply: settled.reply });
          }
        });
        // Handed over, not copied: the caller is done with the bytes.
        const owned =
          bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
            ? bytes
            : bytes.slice();
        worker.send({ ...request, bytes: owned }, [owned.buffer as ArrayBuffer]);
      };
      const timer = setTimeout(() => finish({ ok: false, reason: "timeout" }), timeoutMs);
      if (running < limits.workers) start();
      else if (waiting.length < limits.queue) waiting.push(start);
      else finish({ ok: false, reason: "busy" });
    });

  const read: ReadInWorker = async (bytes, options, timeoutMs) => {
    const answer = await submit({ bytes, options }, timeoutMs);
    if (!answer.ok) return answer;
    return "reading" in answer.reply
      ? { ok: true, reading: answer.reply.reading }
      : { ok: false, reason: "crashed", detail: "wrong reply" };
  };
  const check: CheckInWorker = async (bytes, options, timeoutMs) => {
    const answer = await submit({ kind: "check", bytes, options }, timeoutMs);
    if (!answer.ok) return answer;
    return "checkup" in answer.reply
      ? { ok: true, checkup: answer.reply.checkup }
      : { ok: false, reason: "crashed", detail: "wrong reply" };
  };
  return { read, check };
}

export function describeError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === "string" ? code : error.name;
  }
  return typeof error;
}

/** The module each worker runs, whichever the runtime. */
export const readWorkerEntry = new URL("./read-worker.ts", import.meta.url);

/** Each reply goes to the request's listener; an end is kept for one that comes later. */
export function outcomes() {
  let end: Settled | undefined;
  let listener: ((settled: Settled) => void) | undefined;
  const deliver = (value: Settled) => {
    const current = listener;
    listener = undefined;
    current?.(value);
  };
  return {
    reply: (reply: ReadReply) => deliver({ kind: "reply", reply }),
    fail: (detail: string) => {
      if (end !== undefined) return;
      end = { kind: "failed", detail };
      deliver(end);
    },
    onSettled: (next: (settled: Settled) => void) => {
      if (end !== undefined) next(end);
      else listener = next;
    },
    ended: () => end !== undefined,
  };
}
