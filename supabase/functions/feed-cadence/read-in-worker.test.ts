import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { feedTimeoutMs } from "../_shared/contract.ts";
import { fixtureFeeds } from "../../../tests/fakes/feed-fixtures.ts";
import { EXHAUST_MEMORY, SPIN, THROW } from "../../../tests/fakes/read-workers.ts";
import { spawnNodeReadWorker } from "./read-node-worker.ts";
import { READ_MEMORY_MB } from "./budget.ts";
import { createWorkerReader, readWorkerEntry } from "./read-pool.ts";

// The pool on Node's worker threads. The real entry reads a real feed; fakes stand for a parser
// that never ends, one that eats memory and one that throws. Each test starts workers of its
// own, which load TypeScript through tsx (seconds on a busy machine): each may take what the
// browser gives a look-up, feedTimeoutMs, and so may a reading that waits for its worker to load.
// Real readings run at the normal priority except where the priority is what is checked: at the
// lowest, a reading waits behind every other busy process on the machine.

const FAKE = new URL("../../../tests/fakes/read-workers.ts", import.meta.url);
const NOW = Date.UTC(2026, 10, 15, 12);
const bytes = (text = "<rss/>") => new TextEncoder().encode(text);
const fake = (limits = { workers: 2, queue: 2 }, memoryMb = 64) =>
  createWorkerReader(() => spawnNodeReadWorker(FAKE, memoryMb), limits);
const spawnReal = () => spawnNodeReadWorker(readWorkerEntry, READ_MEMORY_MB, "normal");

/** This process's threads at the lowest priority (nice 19), by thread id; Linux only. */
function lowestPriorityThreads(): Set<string> {
  const threads = new Set<string>();
  for (const id of readdirSync("/proc/self/task")) {
    try {
      const stat = readFileSync(`/proc/self/task/${id}/stat`, "utf8");
      // The fields after the command's closing parenthesis; nice is the 17th of them.
      if (stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16] === "19") threads.add(id);
    } catch {
      // The thread ended while the list was read.
    }
  }
  return threads;
}

describe("reading in a worker", { timeout: feedTimeoutMs }, () => {
  it("reads a feed with the real entry", async () => {
    const read = createWorkerReader(spawnReal);
    const answer = await read(
      bytes(fixtureFeeds(NOW)["/weekly.xml"]),
      {
        httpCharset: "utf-8",
        now: NOW,
      },
      feedTimeoutMs,
    );
    expect(answer).toMatchObject({ ok: true, reading: { ok: true, cadence: { episodes: 156 } } });
  });

  it.runIf(process.platform === "linux")(
    "reads at the lowest CPU priority, as production spawns it",
    async () => {
      const before = lowestPriorityThreads();
      // A spare keeps the thread alive after its answer, so it can be looked at.
      const read = createWorkerReader(() => spawnNodeReadWorker(), {
        workers: 1,
        queue: 0,
        spares: 1,
      });
      // Its answer shows that the entry ran, and with it the lowering.
      const answer = await read(bytes(), { httpCharset: null, now: NOW }, feedTimeoutMs);
      expect(answer).toMatchObject({ ok: true });
      const lowered = [...lowestPriorityThreads()].filter((thread) => !before.has(thread));
      expect(lowered.length).toBeGreaterThanOrEqual(1);
    },
  );

  it("ends a worker that never finishes at the deadline, and the event loop never waits", async () => {
    const read = fake();
    let ticks = 0;
    const ticker = setInterval(() => (ticks += 1), 10);
    const started = performance.now();
    const answer = await read(bytes(), { httpCharset: null, now: SPIN }, 1_000);
    const ms = performance.now() - started;
    clearInterval(ticker);
    expect(answer).toEqual({ ok: false, reason: "timeout" });
    expect(ms).toBeGreaterThanOrEqual(990);
    expect(ms).toBeLessThan(2_000);
    // A blocked loop would tick once, after the spin; a free one about every 10 ms.
    expect(ticks).toBeGreaterThan(20);
  });

  it("runs at most `workers` at once, queues `queue`, turns the rest away at once", async () => {
    const read = fake({ workers: 1, queue: 1 });
    const spin = () => read(bytes(), { httpCharset: null, now: SPIN }, 800);
    const started = performance.now();
    const [first, second, third] = [spin(), spin(), spin()];
    expect(await third).toEqual({ ok: false, reason: "busy" });
    expect(performance.now() - started).toBeLessThan(200);
    // The queued one's deadline ran while it waited: both end at about the same time.
    expect(await first).toEqual({ ok: false, reason: "timeout" });
    expect(await second).toEqual({ ok: false, reason: "timeout" });
    expect(performance.now() - started).toBeLessThan(1_600);
    // Their places are free again.
    expect(await read(bytes(), { httpCharset: null, now: 0 }, 5_000)).toMatchObject({ ok: true });
  });

  it("answers crashed for a worker that runs out of memory or throws", async () => {
    const read = fake({ workers: 2, queue: 0 }, 16);
    const [memory, thrown] = await Promise.all([
      read(bytes(), { httpCharset: null, now: EXHAUST_MEMORY }, 10_000),
      read(bytes(), { httpCharset: null, now: THROW }, 10_000),
    ]);
    expect(memory).toEqual({ ok: false, reason: "crashed", detail: "ERR_WORKER_OUT_OF_MEMORY" });
    expect(thrown).toEqual({ ok: false, reason: "crashed", detail: "Error" });
  });
});

describe("a loaded spare", { timeout: feedTimeoutMs }, () => {
  it("reads with a worker started ahead and keeps it, unless it timed out", async () => {
    let spawned = 0;
    const read = createWorkerReader(
      () => {
        spawned += 1;
        return spawnReal();
      },
      { workers: 1, queue: 0, spares: 1 },
    );
    expect(spawned).toBe(1);
    const weekly = bytes(fixtureFeeds(NOW)["/weekly.xml"]);
    // The spare may still be loading: this reading waits for it.
    const answer = await read(weekly, { httpCharset: "utf-8", now: NOW }, feedTimeoutMs);
    expect(answer).toMatchObject({ ok: true, reading: { ok: true } });
    // The spare read it and stays loaded for the next feed.
    expect(
      await read(
        bytes(fixtureFeeds(NOW)["/weekly.xml"]),
        { httpCharset: "utf-8", now: NOW },
        feedTimeoutMs,
      ),
    ).toMatchObject({
      ok: true,
    });
    expect(spawned).toBe(1);
    // One that timed out is ended and replaced.
    const late = await read(
      bytes(fixtureFeeds(NOW)["/ten-thousand.xml"]),
      { httpCharset: null, now: NOW },
      1,
    );
    expect(late).toEqual({ ok: false, reason: "timeout" });
    expect(spawned).toBe(2);
  });
});
