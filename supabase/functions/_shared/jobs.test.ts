import { afterEach, describe, expect, it, vi } from "vitest";
import { jobsSecretMatches, runJobSteps, startJobInterval } from "./jobs.ts";

describe("runJobSteps", () => {
  it("runs every step, logs a failing one by name and goes on", async () => {
    const logs: string[] = [];
    const report = await runJobSteps(
      [
        { name: "first", run: async () => 2 },
        {
          name: "broken",
          run: async () => {
            throw new TypeError("boom");
          },
        },
        { name: "last", run: async () => 0 },
      ],
      (line) => logs.push(line),
    );
    expect(report).toEqual({ first: 2, broken: "failed", last: 0 });
    expect(JSON.parse(logs[0] ?? "{}")).toMatchObject({
      event: "jobs_step_failed",
      step: "broken",
      errorName: "TypeError",
    });
  });
});

describe("jobsSecretMatches", () => {
  it("accepts the secret only, whatever the length of a wrong one", async () => {
    const secret = "s".repeat(40);
    expect(await jobsSecretMatches(secret, secret)).toBe(true);
    expect(await jobsSecretMatches(null, secret)).toBe(false);
    expect(await jobsSecretMatches("", secret)).toBe(false);
    expect(await jobsSecretMatches(secret.slice(1), secret)).toBe(false);
    expect(await jobsSecretMatches(`${secret}s`, secret)).toBe(false);
  });
});

describe("startJobInterval", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("never starts a run while the last one is going, and stops after it", async () => {
    vi.useFakeTimers();
    let runs = 0;
    let finish: () => void = () => {};
    const run = () => {
      runs += 1;
      return new Promise<void>((resolve) => {
        finish = resolve;
      });
    };
    const stop = startJobInterval(run, 1_000, () => {});
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(runs).toBe(1);
    finish();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs).toBe(2);
    let stopped = false;
    const stopping = stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(runs).toBe(2);
  });

  it("logs a failed run and runs again at the next tick", async () => {
    vi.useFakeTimers();
    const logs: string[] = [];
    let runs = 0;
    const stop = startJobInterval(
      async () => {
        runs += 1;
        throw new Error("down");
      },
      1_000,
      (line) => logs.push(line),
    );
    await vi.advanceTimersByTimeAsync(2_000);
    expect(runs).toBe(2);
    expect(logs[0]).toContain("jobs_run_failed");
    await stop();
  });
});
