import type { ReadReply } from "./read-worker.ts";
import { outcomes, readWorkerEntry, type ReadWorkerHandle } from "./read-pool.ts";

type WebWorker = {
  postMessage(message: unknown, transfer: Transferable[]): void;
  onmessage: ((event: { data: ReadReply }) => void) | null;
  onerror: ((event: { message?: string; preventDefault(): void }) => void) | null;
  terminate(): void;
};
type WebWorkerConstructor = new (url: string, options: { type: "module" }) => WebWorker;

/** A Web Worker (Deno): its own isolate and event loop, ended with `terminate()`. */
export function spawnWebReadWorker(entry: URL = readWorkerEntry): ReadWorkerHandle {
  const Constructor = (globalThis as unknown as { Worker: WebWorkerConstructor }).Worker;
  const worker = new Constructor(entry.href, { type: "module" });
  const outcome = outcomes();
  worker.onmessage = (event) => outcome.reply(event.data);
  worker.onerror = (event) => {
    // Handled here: an uncaught worker error would otherwise end the whole process.
    event.preventDefault();
    outcome.fail("worker error");
  };
  return {
    send: (request, transfer) => worker.postMessage(request, transfer),
    onSettled: outcome.onSettled,
    ended: outcome.ended,
    terminate: () => worker.terminate(),
  };
}
