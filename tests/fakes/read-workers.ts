import { parentPort } from "node:worker_threads";

// Worker entries that misbehave, for the reading pool's tests (read-in-worker.test.ts). The
// behavior comes from the request's `now`: the pool passes the options through untouched.

export const SPIN = 1;
export const EXHAUST_MEMORY = 2;
export const THROW = 3;

parentPort?.once("message", (request: { bytes: Uint8Array; options: { now: number } }) => {
  switch (request.options.now) {
    case SPIN:
      for (;;) {
        // A parser that never finishes.
      }
    case EXHAUST_MEMORY: {
      const kept: number[][] = [];
      for (;;) kept.push(Array.from({ length: 100_000 }, (_, i) => i));
    }
    case THROW:
      throw new Error("the entry failed");
    default:
      parentPort?.postMessage({ reading: { ok: false, code: "not_a_feed", reason: "echo" } });
  }
});
