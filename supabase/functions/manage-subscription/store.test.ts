import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EmbeddedDb } from "../../../server/embedded-db.ts";
import { openTestDb, overPostgresJs } from "../../../tests/db/test-db.ts";
import { createMailer } from "../_shared/email.ts";
import { createRequestStore, MAX_ATTEMPTS } from "./store.ts";

// The requests table and its SQL on PGlite, with the migrations `supabase db push` applies.

let db: EmbeddedDb;
beforeAll(async () => {
  db = await openTestDb();
  // initdb for a first snapshot takes seconds on a busy machine.
}, 60_000);
afterAll(async () => {
  await db?.close();
});

describe("the subscription requests table", () => {
  it("records a request held by its worker, so a sweep does not take it meanwhile", async () => {
    const store = createRequestStore(db);
    const row = await store.record({ kind: "cancel", email: "ada@example.com" });
    expect(row).toMatchObject({
      kind: "cancel",
      email: "ada@example.com",
      status: "pending",
      attempts: 0,
    });
    expect(row.received_at).toBeInstanceOf(Date);
    expect(await store.claimDue(10)).toEqual([]);
  });

  it("keeps a withdrawal statement and its outcome as JSON, and finishes it", async () => {
    const store = createRequestStore(db);
    const statement = { name: "Ada", confirmTo: "ada@example.org", plan: "Pro" };
    const row = await store.record({ kind: "withdraw", email: "ada@example.com", statement });
    expect(row.statement).toEqual(statement);
    await store.setAck(row, "outbox-1");
    await store.saveProgress(row, { subscriptions: [{ id: "sub_1", action: "canceled_now" }] });
    await store.finish(row, "operator", { subscriptions: [], stripeDone: true }, "outbox-2");
    const [saved] = await db.query<{
      status: string;
      ack_outbox_id: string;
      email_outbox_id: string;
      retain_until: Date;
      received_at: Date;
    }>(
      "select status, ack_outbox_id, email_outbox_id, retain_until, received_at from private.subscription_requests where id = $1",
      [row.id],
    );
    expect(saved).toMatchObject({
      status: "operator",
      ack_outbox_id: "outbox-1",
      email_outbox_id: "outbox-2",
    });
    // Kept until the end of the third year after the year it was received.
    expect(new Date(saved!.retain_until).getUTCFullYear()).toBe(
      new Date(saved!.received_at).getUTCFullYear() + 4,
    );
  });

  it("retries a failed attempt later, and gives up after the last one", async () => {
    const store = createRequestStore(db);
    const row = await store.record({ kind: "cancel", email: "grace@example.com" });
    expect(await store.failAttempt(row, "billing_unavailable")).toBe("pending");
    // Not due yet: the first retry waits a minute.
    expect((await store.claimDue(10)).map((r) => r.id)).not.toContain(row.id);
    const due = () =>
      db.query(
        "update private.subscription_requests set next_attempt_at = now() - interval '1 second' where id = $1",
        [row.id],
      );
    await due();
    const [claimed] = await store.claimDue(10);
    expect(claimed).toMatchObject({ id: row.id, attempts: 1 });
    // Claimed rows are held: a second worker gets nothing.
    expect(await store.claimDue(10)).toEqual([]);
    let holder = claimed!;
    for (let attempt = 2; attempt < MAX_ATTEMPTS; attempt += 1) {
      expect(await store.failAttempt(holder, "billing_unavailable")).toBe("pending");
      await due();
      [holder] = (await store.claimDue(10)).filter((r) => r.id === row.id) as [typeof holder];
    }
    expect(await store.failAttempt(holder, "billing_unavailable")).toBe("failed");
  });

  it("deletes requests past their retention, and only those", async () => {
    const store = createRequestStore(db);
    const old = await store.record({ kind: "cancel", email: "old@example.com" });
    const fresh = await store.record({ kind: "cancel", email: "fresh@example.com" });
    await db.query(
      "update private.subscription_requests set retain_until = now() - interval '1 day' where id = $1",
      [old.id],
    );
    expect(await store.prune()).toBe(1);
    const ids = (
      await db.query<{ id: string }>("select id from private.subscription_requests")
    ).map((r) => r.id);
    expect(ids).toContain(fresh.id);
    expect(ids).not.toContain(old.id);
  });

  it("deletes the e-mails about a request with it, and keeps the others", async () => {
    const store = createRequestStore(db);
    const mailer = createMailer({ db, from: "Castloop <billing@castloop.test>" });
    const old = await store.record({ kind: "withdraw", email: "old@example.com" });
    const fresh = await store.record({ kind: "cancel", email: "fresh@example.com" });
    const message = (ref: string, kind: string) => ({
      to: "ada@example.com",
      subject: "About your subscription",
      text: "Text",
      html: "<p>Text</p>",
      kind,
      ref,
    });
    await mailer.send(message(old.id, "withdrawal_receipt"));
    await mailer.send(message(old.id, "withdrawal_outcome"));
    await mailer.send(message(fresh.id, "cancellation"));
    await db.query(
      "update private.subscription_requests set retain_until = now() - interval '1 day' where id = $1",
      [old.id],
    );
    expect(await store.prune()).toBe(1);
    const left = await db.query<{ ref: string }>("select ref from private.email_outbox");
    expect(left.map((row) => row.ref)).toEqual([fresh.id]);
  });

  it("deletes e-mails whose request is already gone, on the same schedule", async () => {
    const store = createRequestStore(db);
    const mailer = createMailer({ db, from: "Castloop <billing@castloop.test>" });
    const gone = await store.record({ kind: "cancel", email: "gone@example.com" });
    await mailer.send({
      to: "gone@example.com",
      subject: "About your subscription",
      text: "Text",
      html: "<p>Text</p>",
      kind: "cancellation",
      ref: gone.id,
    });
    await db.query("delete from private.subscription_requests where id = $1", [gone.id]);
    await store.prune();
    expect(await db.query("select 1 from private.email_outbox where ref = $1", [gone.id])).toEqual(
      [],
    );
  });

  it("sweeps every kind of e-mail this function sends", () => {
    const kinds = [
      ...readFileSync(new URL("./emails.ts", import.meta.url), "utf8").matchAll(
        /kind: "([a-z_]+)"/g,
      ),
    ].map((match) => match[1]);
    const migration = readFileSync(
      // The sweep's latest definition.
      new URL("../../migrations/20261128001000_manage_locks.sql", import.meta.url),
      "utf8",
    );
    expect(kinds.length).toBeGreaterThan(3);
    for (const kind of kinds) expect(migration).toContain(`'${kind}'`);
  });

  it("refuses an address with a line break at the database too", async () => {
    const store = createRequestStore(db);
    await expect(store.record({ kind: "cancel", email: "a@b.co\r\nBcc: x@y.z" })).rejects.toThrow();
  });
});

describe("the requests table through postgres.js, the driver Supabase runs", () => {
  it("stores outcomes as JSON objects, so the undo link finds its cancellation", async () => {
    const driver = await overPostgresJs(db);
    try {
      const store = createRequestStore(driver.db);
      const statement = { name: "Ada", confirmTo: "ada@example.org" };
      const row = await store.record({ kind: "withdraw", email: "ada@example.com", statement });
      await store.saveProgress(row, {
        subscriptions: [{ id: "sub_pgjs", action: "cancel_at_period_end", late: true }],
      });
      const [types] = await db.query<{ statement: string; outcome: string }>(
        "select jsonb_typeof(statement) as statement, jsonb_typeof(outcome) as outcome from private.subscription_requests where id = $1",
        [row.id],
      );
      expect(types).toEqual({ statement: "object", outcome: "object" });
      expect(await store.latestCancellation("sub_pgjs")).toBe(row.id);
    } finally {
      await driver.close();
    }
  });

  it("turns rows stored as JSON strings before the fix into objects", async () => {
    const store = createRequestStore(db);
    const row = await store.record({ kind: "cancel", email: "old-driver@example.com" });
    const outcome = { subscriptions: [{ id: "sub_strung", action: "cancel_at_period_end" }] };
    await db.query(
      "update private.subscription_requests set outcome = to_jsonb($2::text) where id = $1",
      [row.id, JSON.stringify(outcome)],
    );
    expect(await store.latestCancellation("sub_strung")).toBeNull();
    const migration = readFileSync(
      new URL("../../migrations/20261127190000_json_as_objects.sql", import.meta.url),
      "utf8",
    );
    await db.exec(migration);
    expect(await store.latestCancellation("sub_strung")).toBe(row.id);
  });
});
