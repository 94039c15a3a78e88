import { readlinkSync } from "node:fs";
import { setPriority } from "node:os";
import { parentPort, workerData } from "node:worker_threads";
import { readCheckup, type CheckupReadOptions, type CheckupReading } from "./checkup/check.ts";
import { readFeed, type ReadFeedOptions } from "./reading.ts";

// A reading worker's whole program: a feed in, its answer out, as often as the pool sends one
// (read-in-worker.ts). It runs as a Node worker thread and as a Deno Web Worker.

/** The pace reading, or (`kind: "check"`) the feed check-up's reading of the same bytes. */
export type ReadRequest =
  | { kind?: "cadence"; bytes: Uint8Array; options: ReadFeedOptions }
  | { kind: "check"; bytes: Uint8Array; options: CheckupReadOptions };
export type ReadReply =
  { reading: ReturnType<typeof readFeed> } | { checkup: CheckupReading } | { error: string };

function reply(request: ReadRequest): ReadReply {
  try {
    if (request.kind === "check") return { checkup: readCheckup(request.bytes, request.options) };
    return { reading: readFeed(request.bytes, request.options) };
  } catch (error) {
    // The name only: a parser's message may quote the feed.
    return { error: error instanceof Error ? error.name : typeof error };
  }
}

/**
 * The lowest CPU priority for this thread, so that on a busy machine pages and checkout on the
 * main thread win the core. On Linux a thread's id is a pid to setpriority; elsewhere, or
 * without the permission (Deno), the thread keeps its priority.
 */
function yieldTheCpu(): void {
  try {
    const thread = Number(readlinkSync("/proc/thread-self").split("/").pop());
    if (Number.isInteger(thread) && thread > 0) setPriority(thread, 19);
  } catch {
    // Not Linux, or not allowed: reading at normal priority is still off the event loop.
  }
}

// A test's pool may keep the normal priority (read-node-worker.ts); a Web Worker has no
// workerData and yields where it may.
if ((workerData as { priority?: string } | null | undefined)?.priority !== "normal") yieldTheCpu();

type WebWorkerScope = {
  onmessage: ((event: { data: ReadRequest }) => void) | null;
  postMessage(message: ReadReply): void;
};

if (parentPort !== null) {
  const port = parentPort;
  port.on("message", (request: ReadRequest) => port.postMessage(reply(request)));
} else {
  const scope = globalThis as unknown as WebWorkerScope;
  scope.onmessage = (event) => scope.postMessage(reply(event.data));
}
