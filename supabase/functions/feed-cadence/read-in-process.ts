import { readCheckup } from "./checkup/check.ts";
import { describeError, type CheckInWorker, type ReadInWorker } from "./read-pool.ts";
import { readFeed } from "./reading.ts";

/**
 * Reads on the calling thread: only for a runtime without workers. The deadline cannot stop
 * it there; readFeed's own caps and the platform's CPU limit per request bound it instead.
 */
export const readInProcess: ReadInWorker = async (bytes, options) => {
  try {
    return { ok: true, reading: readFeed(bytes, options) };
  } catch (error) {
    return { ok: false, reason: "crashed", detail: describeError(error) };
  }
};

/** The check-up's reading on the calling thread, bounded the same way. */
export const checkInProcess: CheckInWorker = async (bytes, options) => {
  try {
    return { ok: true, checkup: readCheckup(bytes, options) };
  } catch (error) {
    return { ok: false, reason: "crashed", detail: describeError(error) };
  }
};
