import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresDb, type PostgresDb } from "../../supabase/functions/_shared/db.ts";
import { createMailer } from "../../supabase/functions/_shared/email.ts";
import {
  mirrorUpsertParams,
  mirrorUpsertSql,
} from "../../supabase/functions/_shared/subscriptions-mirror.ts";
import { runAllDueWork } from "../../supabase/functions/manage-subscription/jobs.ts";
import { createRequestStore } from "../../supabase/functions/manage-subscription/store.ts";
import type { WorkDeps } from "../../supabase/functions/manage-subscription/work.ts";
import { memoryBilling } from "../fakes/manage-doubles.ts";
import { freshDatabase } from "./postgres-under-test.ts";

// Two runners of the due work at once, each with its own pool, on a real PostgreSQL server
// (whose connections really run side by side): every request due is worked on once, every
// cancellation e-mailed once, every anniversary reminded once.

const SITE = "https://castloop.test";
const REQUESTS = 8;
const REMINDERS = 12;

let url: string;
const pools: PostgresDb[] = [];
beforeAll(async () => {
  url = await freshDatabase();
}, 60_000);
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.close()));
});

describe("two due-work runners at once", () => {
  it("never do one piece of work twice", async () => {
    const setup = createPostgresDb(url, { max: 2 });
    pools.push(setup);
    const billing = memoryBilling();
    const store = createRequestStore(setup);
    for (let i = 0; i < REQUESTS; i += 1) {
      const email = `runner${i}@example.com`;
      billing.add({ customerEmail: email });
      await store.record({ kind: "cancel", email });
    }
    // As if each first attempt had failed a while ago: all due now, none held.
    await setup.query(
      `update private.subscription_requests
          set locked_until = null, lease_owner = null,
              next_attempt_at = statement_timestamp() - interval '1 minute'`,
    );
    const started = new Date("2025-06-01T12:00:00Z");
    for (let i = 0; i < REMINDERS; i += 1) {
      await setup.query(`with written as (${mirrorUpsertSql(1, "true")}) select 1`, [
        ...mirrorUpsertParams(
          {
            id: `sub_test_runner_${i}`,
            customerId: `cus_test_runner_${i}`,
            customerEmail: `yearly${i}@example.com`,
            plan: "price_pro",
            priceId: "price_test_pro",
            status: "active",
            startedAt: started,
            currentPeriodStart: null,
            currentPeriodEnd: null,
            cancelAtPeriodEnd: false,
            endedAt: null,
          },
          started,
        ),
      ]);
    }

    const runner = () => {
      const db = createPostgresDb(url, { max: 4 });
      pools.push(db);
      const mailer = createMailer({ db, from: "Castloop <billing@castloop.test>" });
      const work: WorkDeps = {
        billing,
        mailer,
        store: createRequestStore(db),
        linkSecret: "a-test-secret-that-is-long-enough-for-hmac",
        email: { brand: "Castloop", siteUrl: SITE, supportEmail: "support@castloop.test" },
        log: () => {},
        now: () => new Date(),
      };
      return runAllDueWork(
        {
          db,
          work,
          mailerAt: () => mailer,
          context: work.email,
          local: true,
          log: () => {},
        },
        new Date(),
      );
    };
    const reports = await Promise.all([runner(), runner()]);

    const total = (step: string) =>
      reports.reduce((sum, report) => sum + Number(report[step] ?? 0), 0);
    expect(total("requests")).toBe(REQUESTS);
    expect(total("reminders")).toBe(REMINDERS);
    const updates = billing.calls.filter((call) => call.op === "update");
    expect(updates).toHaveLength(REQUESTS);
    expect(new Set(updates.map((call) => (call.op === "update" ? call.id : ""))).size).toBe(
      REQUESTS,
    );
    const mail = await setup.query<{ kind: string; to_address: string; count: number }>(
      `select kind, to_address, count(*)::integer as count from private.email_outbox
        group by kind, to_address`,
    );
    expect(mail.filter((row) => row.kind === "cancellation")).toHaveLength(REQUESTS);
    expect(mail.filter((row) => row.kind === "renewal_reminder")).toHaveLength(REMINDERS);
    expect(mail.filter((row) => row.count > 1)).toEqual([]);
    const statuses = await setup.query<{ status: string }>(
      "select status from private.subscription_requests",
    );
    expect(statuses.every((row) => row.status === "done")).toBe(true);
  }, 60_000);
});
