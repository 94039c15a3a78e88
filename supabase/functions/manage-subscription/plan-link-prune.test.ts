import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { EmbeddedDb } from "../../../server/embedded-db.ts";
import { clearFunctionState, openTestDb } from "../../../tests/db/test-db.ts";
import { PLAN_LINK_HOURS } from "../_shared/contract.ts";
import { changePlanEmail } from "./change-plan.ts";
import { createManageSubscriptionFromEnv } from "./from-env.ts";
import { PLAN_LINK_EMAIL_KIND, pruneSpentPlanLinks } from "./plan-link-store.ts";

// The Privacy Policy says a change-plan link's used-record and the e-mail that carried it are
// deleted at the clean-up after the link expires: the job runner's pruning must do it.

const HOUR = 60 * 60 * 1000;

let db: EmbeddedDb;
beforeAll(async () => {
  db = await openTestDb();
}, 120_000);
afterAll(async () => {
  await db?.close();
});
beforeEach(async () => {
  await clearFunctionState(db);
  await db.exec("truncate private.plan_link_uses");
});

async function used(nonce: string, expiresAt: Date) {
  await db.query(
    "insert into private.plan_link_uses (nonce, subscription_id, expires_at) values ($1, 'sub_1', $2)",
    [nonce, expiresAt.toISOString()],
  );
}

async function mailed(kind: string, ref: string, createdAt: Date) {
  await db.query(
    `insert into private.email_outbox (to_address, subject, text_body, html_body, kind, ref, status, created_at)
     values ('jane@example.com', 'Change your plan', 'text', '<p>text</p>', $1, $2, 'sent', $3)`,
    [kind, ref, createdAt.toISOString()],
  );
}

async function left() {
  const uses = await db.query<{ nonce: string }>(
    "select nonce from private.plan_link_uses order by nonce",
  );
  const mail = await db.query<{ ref: string }>("select ref from private.email_outbox order by ref");
  return { uses: uses.map((row) => row.nonce), mail: mail.map((row) => row.ref) };
}

async function plant() {
  const now = Date.now();
  await used("spent", new Date(now - HOUR));
  await used("live", new Date(now + HOUR));
  await mailed(PLAN_LINK_EMAIL_KIND, "link-expired", new Date(now - (PLAN_LINK_HOURS + 1) * HOUR));
  await mailed(PLAN_LINK_EMAIL_KIND, "link-live", new Date(now - (PLAN_LINK_HOURS - 1) * HOUR));
  // Another kind's e-mail of the same age is another retention's business.
  await mailed(
    "subscription_confirmation",
    "request-old",
    new Date(now - (PLAN_LINK_HOURS + 1) * HOUR),
  );
}

describe("pruning spent change-plan links", () => {
  it("names the kind the change-plan e-mail is written under", () => {
    const email = changePlanEmail(
      { brand: "Castloop", siteUrl: "https://castloop.test", supportEmail: "help@castloop.test" },
      { id: "sub_1", customerId: "cus_1", customerEmail: "jane@example.com" } as never,
      "https://castloop.test/change-plan/confirm?token=x",
      new Date(),
    );
    expect(email.kind).toBe(PLAN_LINK_EMAIL_KIND);
  });

  it("deletes used links and link e-mails past the link's life, and nothing else", async () => {
    await plant();
    expect(await pruneSpentPlanLinks(db)).toBe(2);
    expect(await left()).toEqual({
      uses: ["live"],
      mail: ["link-live", "request-old"],
    });
    expect(await pruneSpentPlanLinks(db)).toBe(0);
  });

  it("deletes at most a batch of each per run", async () => {
    await plant();
    await used("spent-too", new Date(Date.now() - HOUR));
    expect(await pruneSpentPlanLinks(db, 1)).toBe(2);
    expect((await left()).uses).toHaveLength(2);
  });

  it("is run by the job runner", async () => {
    await plant();
    const jobs = createManageSubscriptionFromEnv(
      { SITE_URL: "http://localhost:3000" },
      { db, log: () => {} },
    );
    const report = await jobs.runJobs(new Date());
    expect(report.pruned).toBeGreaterThanOrEqual(2);
    expect(await left()).toEqual({ uses: ["live"], mail: ["link-live", "request-old"] });
  });
});
