import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EmbeddedDb } from "../../../server/embedded-db.ts";
import { openTestDb } from "../../../tests/db/test-db.ts";
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

  it("refuses an address with a line break at the database too", async () => {
    const store = createRequestStore(db);
    await expect(store.record({ kind: "cancel", email: "a@b.co\r\nBcc: x@y.z" })).rejects.toThrow();
  });
});
