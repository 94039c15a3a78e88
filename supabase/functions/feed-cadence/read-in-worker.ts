import { READ_MEMORY_MB, READ_QUEUE, READ_WORKERS } from "./budget.ts";
import { checkInProcess, readInProcess } from "./read-in-process.ts";
import {
  createWorkerPool,
  readWorkerEntry,
  type CheckInWorker,
  type ReadInWorker,
} from "./read-pool.ts";
import { spawnNodeReadWorker, type ReadPriority } from "./read-node-worker.ts";
import { spawnWebReadWorker } from "./read-web-worker.ts";

// Which reader a runtime gets: the pool (read-pool.ts) over Node worker threads
// (read-node-worker.ts) or Web Workers (read-web-worker.ts), else reading in process
// (read-in-process.ts).

type Pool = { read: ReadInWorker; check: CheckInWorker };

let nodePool: Pool | undefined;
let denoPool: Pool | undefined;

/**
 * One pool per process whose workers stay loaded between feeds (one loads for about 0.3 s,
 * seconds on a busy machine): worker threads on Node, Web Workers on Deno, or reading in
 * process where the runtime has no workers. The pace and the check-up share it.
 */
export function createDefaultPool(): Pool {
  if (!("Deno" in globalThis)) {
    nodePool ??= createNodePool();
    return nodePool;
  }
  const hasWorkers = typeof (globalThis as { Worker?: unknown }).Worker === "function";
  if (!hasWorkers) return { read: readInProcess, check: checkInProcess };
  denoPool ??= createWorkerPool(() => spawnWebReadWorker(), {
    workers: READ_WORKERS,
    queue: READ_QUEUE,
    spares: READ_WORKERS,
  });
  return denoPool;
}

/** The default pool's pace reading. */
export const createDefaultReader = (): ReadInWorker => createDefaultPool().read;

/** A pool of Node worker threads with the production limits, its threads at `priority`. */
export function createNodeReader(priority: ReadPriority = "lowest"): ReadInWorker {
  return createNodePool(priority).read;
}

export function createNodePool(priority: ReadPriority = "lowest"): Pool {
  return createWorkerPool(() => spawnNodeReadWorker(readWorkerEntry, READ_MEMORY_MB, priority), {
    workers: READ_WORKERS,
    queue: READ_QUEUE,
    spares: READ_WORKERS,
  });
}
