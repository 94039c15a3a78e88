import { Worker as NodeWorker } from "node:worker_threads";
import { READ_MEMORY_MB } from "./budget.ts";
import { describeError, outcomes, readWorkerEntry, type ReadWorkerHandle } from "./read-pool.ts";

/**
 * How a reading thread is scheduled: the lowest priority in production (read-worker.ts), the
 * normal one for tests whose subject is not the priority. At the lowest, a reading waits behind
 * every other busy process on the machine, which in a test run is the test run itself.
 */
export type ReadPriority = "lowest" | "normal";

/**
 * A Node worker thread with its own heap limits. Node runs TypeScript through tsx, whose
 * loader a worker does not inherit, so a two-line bootstrap registers it before the entry.
 */
export function spawnNodeReadWorker(
  entry: URL = readWorkerEntry,
  memoryMb: number = READ_MEMORY_MB,
  priority: ReadPriority = "lowest",
): ReadWorkerHandle {
  const loader = import.meta.resolve("tsx/esm/api");
  const bootstrap = `import(${JSON.stringify(loader)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); });`;
  const worker = new NodeWorker(bootstrap, {
    eval: true,
    workerData: { priority },
    resourceLimits: { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: 32 },
  });
  // A reading must never keep a stopping server alive.
  worker.unref();
  const outcome = outcomes();
  worker.on("message", outcome.reply);
  worker.once("error", (error) => outcome.fail(describeError(error)));
  worker.once("exit", (code) => outcome.fail(`exit ${code}`));
  return {
    send: (request, transfer) => worker.postMessage(request, transfer),
    onSettled: outcome.onSettled,
    ended: outcome.ended,
    terminate: () => {
      void worker.terminate();
    },
  };
}
