import { parentPort } from "node:worker_threads";
import { readFeed, type ReadFeedOptions } from "./reading.ts";

// A reading worker's whole program: one feed in, one answer out, then the pool ends the
// worker. It runs as a Node worker thread (read-in-worker.ts) and as a Deno Web Worker.

export type ReadRequest = { bytes: Uint8Array; options: ReadFeedOptions };
export type ReadReply = { reading: ReturnType<typeof readFeed> } | { error: string };

function reply(request: ReadRequest): ReadReply {
  try {
    return { reading: readFeed(request.bytes, request.options) };
  } catch (error) {
    // The name only: a parser's message may quote the feed.
    return { error: error instanceof Error ? error.name : typeof error };
  }
}

type WebWorkerScope = {
  onmessage: ((event: { data: ReadRequest }) => void) | null;
  postMessage(message: ReadReply): void;
};

if (parentPort !== null) {
  const port = parentPort;
  port.once("message", (request: ReadRequest) => port.postMessage(reply(request)));
} else {
  const scope = globalThis as unknown as WebWorkerScope;
  scope.onmessage = (event) => scope.postMessage(reply(event.data));
}
