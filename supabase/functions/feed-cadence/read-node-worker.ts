import { Worker as NodeWorker } from "node:worker_threads";
import { READ_MEMORY_MB } from "./budget.ts";
import { describeError, outcomes, readWorkerEntry, type ReadWorkerHandle } from "./read-pool.ts";

/**
 * A Node worker thread with its own heap limits. Node runs TypeScript through tsx, whose
 * loader a worker does not inherit, so a two-line bootstrap registers it before the entry.
 */
export function spawnNodeReadWorker(
  entry: URL = readWorkerEntry,
  memoryMb: number = READ_MEMORY_MB,
): ReadWorkerHandle {
  const loader = import.meta.resolve("tsx/esm/api");
  const bootstrap = `import(${JSON.stringify(loader)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); });`;
  const worker = new NodeWorker(bootstrap, {
    eval: true,
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
