import { READ_MEMORY_MB, READ_QUEUE, READ_WORKERS } from "./budget.ts";
import { readInProcess } from "./read-in-process.ts";
import { createWorkerReader, readWorkerEntry, type ReadInWorker } from "./read-pool.ts";
import { spawnNodeReadWorker, type ReadPriority } from "./read-node-worker.ts";
import { spawnWebReadWorker } from "./read-web-worker.ts";

// Which reader a runtime gets: the pool (read-pool.ts) over Node worker threads
// (read-node-worker.ts) or Web Workers (read-web-worker.ts), else reading in process
// (read-in-process.ts).

let nodeReader: ReadInWorker | undefined;
let denoReader: ReadInWorker | undefined;

/**
 * One pool per process whose workers stay loaded between feeds (one loads for about 0.3 s,
 * seconds on a busy machine): worker threads on Node, Web Workers on Deno, or reading in
 * process where the runtime has no workers.
 */
export function createDefaultReader(): ReadInWorker {
  if (!("Deno" in globalThis)) {
    nodeReader ??= createNodeReader();
    return nodeReader;
  }
  const hasWorkers = typeof (globalThis as { Worker?: unknown }).Worker === "function";
  if (!hasWorkers) return readInProcess;
  denoReader ??= createWorkerReader(() => spawnWebReadWorker(), {
    workers: READ_WORKERS,
    queue: READ_QUEUE,
    spares: READ_WORKERS,
  });
  return denoReader;
}

/** A pool of Node worker threads with the production limits, its threads at `priority`. */
export function createNodeReader(priority: ReadPriority = "lowest"): ReadInWorker {
  return createWorkerReader(() => spawnNodeReadWorker(readWorkerEntry, READ_MEMORY_MB, priority), {
    workers: READ_WORKERS,
    queue: READ_QUEUE,
    spares: READ_WORKERS,
  });
}
