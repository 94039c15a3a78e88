import { readFileSync } from "node:fs";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { EmbeddedDb } from "../../../server/embedded-db.ts";
import { clearFunctionState, openTestDb } from "../../../tests/db/test-db.ts";
import { startFakeResend, type FakeResend } from "../../../tests/fakes/fake-resend.ts";
import { JOBS_SECRET_HEADER } from "../_shared/jobs.ts";
import { mirrorUpsertParams, mirrorUpsertSql } from "../_shared/subscriptions-mirror.ts";
import { createManageSubscriptionFromEnv } from "./from-env.ts";
import { parseManageEnv } from "./schema.ts";

// The one runner of due work, as the jobs route, the server's interval and `npm run jobs` run
// it: a yearly reminder goes out once on the anniversary, whatever the number of runs, and the
// route runs only for the holder of JOBS_SECRET.

const SITE = "http://localhost:3000";
const JOBS_URL = `${SITE}/functions/v1/manage-subscription/jobs`;
const SECRET = "a-jobs-secret-of-at-least-thirty-two-chars";
const STARTED = new Date("2025-11-28T10:00:00Z");

let db: EmbeddedDb;
let resend: FakeResend;
beforeAll(async () => {
  db = await openTestDb();
  resend = await startFakeResend();
}, 120_000);
afterAll(async () => {
  await resend?.close();
  await db?.close();
});
beforeEach(async () => {
  await clearFunctionState(db);
  resend.reset();
});

async function subscribe(id = "sub_test_jobs", email = "Jane@Example.com") {
  await db.query(`with written as (${mirrorUpsertSql(1, "true")}) select 1`, [
    ...mirrorUpsertParams(
      {
        id,
        customerId: "cus_test_jobs",
        customerEmail: email,
        plan: "price_pro",
        priceId: "price_test_pro",
        status: "active",
        startedAt: STARTED,
        currentPeriodStart: new Date("2026-11-28T10:00:00Z"),
        currentPeriodEnd: new Date("2026-12-28T10:00:00Z"),
        cancelAtPeriodEnd: false,
        endedAt: null,
      },
      STARTED,
    ),
  ]);
}

function manage(extra: Record<string, string> = {}, logs: string[] = []) {
  return createManageSubscriptionFromEnv(
    {
      SITE_URL: SITE,
      RESEND_API_KEY: "re_test_jobs",
      RESEND_API_BASE: resend.url,
      EMAIL_FROM: "Castloop <billing@castloop.test>",
      ...extra,
    },
    { db, log: (line) => logs.push(line) },
  );
}

describe("the due-work runner", () => {
  it("sends the yearly reminder on the anniversary, once however often it runs", async () => {
    await subscribe();
    const jobs = manage();
    expect((await jobs.runJobs(new Date("2026-11-28T09:00:00Z"))).reminders).toBe(0);
    expect(resend.emails).toHaveLength(0);

    const report = await jobs.runJobs(new Date("2026-11-28T10:01:00Z"));
    expect(report).toMatchObject({ requests: 0, reminders: 1, emails: 1 });
    expect(resend.emails).toHaveLength(1);
    const [reminder] = resend.emails;
    expect(reminder?.to).toEqual(["Jane@Example.com"]);
    expect(reminder?.text).toContain("Pro");
    expect(reminder?.text).toContain("every month");
    expect(reminder?.text).toContain(`${SITE}/cancel`);

    expect(await jobs.runJobs(new Date("2026-11-28T10:02:00Z"))).toMatchObject({
      reminders: 0,
      emails: 0,
    });
    expect(resend.emails).toHaveLength(1);
  });

  it("never sends one anniversary twice when two runners run at once", async () => {
    await subscribe("sub_test_one");
    await subscribe("sub_test_two", "ada@example.com");
    const at = new Date("2026-12-01T00:00:00Z");
    const reports = await Promise.all([manage().runJobs(at), manage().runJobs(at)]);
    const written = reports.map((report) => report.reminders as number);
    expect(written[0]! + written[1]!).toBe(2);
    expect(resend.emails.map((email) => email.to[0]).sort()).toEqual([
      "Jane@Example.com",
      "ada@example.com",
    ]);
  });

  it("leaves a reminder the provider refused queued for the next run", async () => {
    await subscribe();
    resend.failNext(500, 10);
    const logs: string[] = [];
    const report = await manage({}, logs).runJobs(new Date("2026-11-29T00:00:00Z"));
    // The mail provider refused: the reminder waits in the outbox for the next run.
    expect(report).toMatchObject({ reminders: 1, emails: 0 });
    expect(typeof report.pruned).toBe("number");
    const [row] = await db.query<{ status: string }>(
      "select status from private.email_outbox where kind = 'renewal_reminder'",
    );
    expect(row?.status).toBe("queued");
  });
});

describe("the jobs route", () => {
  const call = (headers: Record<string, string> = {}, method = "POST") =>
    new Request(JOBS_URL, { method, headers });

  it("runs the due work for the holder of the secret", async () => {
    await subscribe();
    const logs: string[] = [];
    const { handler } = manage({ JOBS_SECRET: SECRET }, logs);
    const response = await handler(call({ [JOBS_SECRET_HEADER]: SECRET }));
    expect(response.status).toBe(200);
    const body = (await response.json()) as { status: string; report: Record<string, unknown> };
    expect(body.status).toBe("ran");
    expect(Object.keys(body.report)).toEqual([
      "requests",
      "endOlder",
      "reminders",
      "emails",
      "pruned",
    ]);
    expect(logs.join("\n")).not.toContain(SECRET);
  });

  it("refuses a missing or wrong secret with 401 and runs nothing", async () => {
    await subscribe();
    const logs: string[] = [];
    const { handler } = manage({ JOBS_SECRET: SECRET }, logs);
    expect((await handler(call())).status).toBe(401);
    expect((await handler(call({ [JOBS_SECRET_HEADER]: `${SECRET}x` }))).status).toBe(401);
    expect((await handler(call({ [JOBS_SECRET_HEADER]: SECRET.slice(1) }))).status).toBe(401);
    expect((await handler(call({ [JOBS_SECRET_HEADER]: SECRET }, "GET"))).status).toBe(405);
    expect(logs.join("\n")).not.toContain(SECRET);
    const [row] = await db.query<{ count: number }>(
      "select count(*)::integer as count from private.renewal_reminders",
    );
    expect(row?.count).toBe(0);
  });

  it("does not exist without JOBS_SECRET", async () => {
    const { handler } = manage();
    expect((await handler(call({ [JOBS_SECRET_HEADER]: SECRET }))).status).toBe(404);
  });

  it("is required beside a live Stripe key", () => {
    const live = { SITE_URL: "https://castloop.com", STRIPE_SECRET_KEY: "rk_live_abc" };
    expect(parseManageEnv(live).missing).toContain("JOBS_SECRET");
    expect(parseManageEnv({ ...live, JOBS_SECRET: SECRET }).missing).not.toContain("JOBS_SECRET");
    expect(parseManageEnv({ ...live, STRIPE_SECRET_KEY: "rk_test_abc" }).missing).not.toContain(
      "JOBS_SECRET",
    );
    expect(() => parseManageEnv({ SITE_URL: SITE, JOBS_SECRET: "short" })).toThrow(/JOBS_SECRET/);
  });
});

describe("the Supabase Cron schedule's migration", () => {
  const file = "supabase/migrations/20261128005000_jobs_schedule.sql";

  it("applies where pg_cron and pg_net are missing, scheduling nothing", async () => {
    // openTestDb applied every migration; applying this one again must still pass.
    await db.exec(readFileSync(file, "utf8"));
    const [cron] = await db.query<{ count: number }>(
      "select count(*)::integer as count from pg_namespace where nspname = 'cron'",
    );
    expect(cron?.count).toBe(0);
  });

  it("checks the extensions before it schedules the jobs route every minute", () => {
    const sql = readFileSync(file, "utf8");
    expect(sql).toMatch(/pg_available_extensions/);
    expect(sql).toMatch(/raise notice/);
    expect(sql).toMatch(/'\* \* \* \* \*'/);
    expect(sql).toContain("/functions/v1/manage-subscription/jobs");
    expect(sql).toContain("'x-jobs-secret'");
    expect(sql).toContain("vault.decrypted_secrets");
  });
});
