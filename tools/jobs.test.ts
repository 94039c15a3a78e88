import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EmbeddedDb } from "../server/embedded-db.ts";
import { serverFile, socketPath } from "../server/database.ts";
import { openTestDb } from "../tests/db/test-db.ts";
import {
  mirrorUpsertParams,
  mirrorUpsertSql,
} from "../supabase/functions/_shared/subscriptions-mirror.ts";
import { formatReport, parseJobsArgs } from "./jobs.ts";

describe("npm run jobs: its arguments and its report", () => {
  it("runs as of now, or as of --now", () => {
    const now = new Date("2026-11-28T00:00:00Z");
    expect(parseJobsArgs([], () => now)).toBe(now);
    expect(parseJobsArgs(["--now", "2027-11-28T12:00:00Z"]).toISOString()).toBe(
      "2027-11-28T12:00:00.000Z",
    );
    expect(parseJobsArgs(["--now", "2027-11-28"]).toISOString()).toBe("2027-11-28T00:00:00.000Z");
  });

  it("refuses what is not an ISO date, and unknown options", () => {
    expect(() => parseJobsArgs(["--now", "next year"])).toThrow(/ISO 8601/);
    expect(() => parseJobsArgs(["--now", "2027-02-30T00:00:00Z"])).toThrow(/ISO 8601/);
    expect(() => parseJobsArgs(["--later"])).toThrow();
  });

  it("says what each step did", () => {
    expect(
      formatReport(
        { requests: 0, reminders: 1, emails: "failed" },
        new Date("2027-11-28T00:00:00Z"),
      ),
    ).toBe(
      [
        "Due work as of 2027-11-28T00:00:00.000Z:",
        "  cancellation and withdrawal requests worked on: 0",
        "  yearly reminders written: 1",
        "  emails: failed (see the log above)",
      ].join("\n"),
    );
  });
});

// The command itself, against a database as a running `npm start` shares it (its socket and
// server.json in LOCAL_DB_DIR), with a subscription a year old in the mirror.
describe("npm run jobs against the running server's database", () => {
  let db: EmbeddedDb;
  let sockets: PGLiteSocketServer;
  let dir: string;
  beforeAll(async () => {
    db = await openTestDb();
    dir = mkdtempSync(join(tmpdir(), "castloop-jobs-"));
    sockets = new PGLiteSocketServer({ db: db.pglite, path: socketPath(dir), maxConnections: 1 });
    await sockets.start();
    writeFileSync(serverFile(dir), JSON.stringify({ pid: process.pid, socket: socketPath(dir) }));
    const started = new Date("2026-01-15T08:00:00Z");
    await db.query(`with written as (${mirrorUpsertSql(1, "true")}) select 1`, [
      ...mirrorUpsertParams(
        {
          id: "sub_test_cli",
          customerId: "cus_test_cli",
          customerEmail: "Jane@Example.com",
          plan: "price_expert",
          priceId: "price_test_expert",
          status: "active",
          startedAt: started,
          currentPeriodStart: new Date("2026-12-15T08:00:00Z"),
          currentPeriodEnd: new Date("2027-01-15T08:00:00Z"),
          cancelAtPeriodEnd: false,
          endedAt: null,
        },
        started,
      ),
    ]);
  }, 120_000);
  afterAll(async () => {
    await sockets?.stop();
    await db?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const run = (args: string[]) =>
    promisify(execFile)(process.execPath, ["--import", "tsx", "tools/jobs.ts", ...args], {
      env: {
        PATH: process.env.PATH,
        LOCAL_DB_DIR: dir,
        SITE_URL: "http://localhost:3000",
      },
      timeout: 60_000,
    });

  // Spawns tsx, which compiles the function's modules: seconds on a busy machine.
  it(
    "writes the yearly reminder a year later, once, and says so",
    { timeout: 120_000 },
    async () => {
      const before = await run(["--now", "2027-01-14T00:00:00Z"]);
      expect(before.stdout).toContain("yearly reminders written: 0");

      const after = await run(["--now", "2027-01-15T09:00:00Z"]);
      expect(after.stdout).toContain("Due work as of 2027-01-15T09:00:00.000Z:");
      expect(after.stdout).toContain("yearly reminders written: 1");
      const outbox = await db.query<{ to_address: string; text_body: string }>(
        "select to_address, text_body from private.email_outbox where kind = 'renewal_reminder'",
      );
      expect(outbox).toHaveLength(1);
      expect(outbox[0]?.to_address).toBe("Jane@Example.com");
      expect(outbox[0]?.text_body).toContain("http://localhost:3000/cancel");

      const again = await run(["--now", "2027-01-15T09:05:00Z"]);
      expect(again.stdout).toContain("yearly reminders written: 0");
    },
  );

  it("refuses a malformed --now with a clear message", { timeout: 60_000 }, async () => {
    await expect(run(["--now", "soon"])).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining("--now must be an ISO 8601 date"),
    });
  });
});
