import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EmbeddedDb } from "../../../server/embedded-db.ts";
import { openTestDb } from "../../../tests/db/test-db.ts";

// The Privacy Policy keeps the copy of an e-mail about a request exactly as long as the request:
// pruning a request past its retention deletes the outbox rows whose `ref` is its id.

let db: EmbeddedDb;
beforeAll(async () => {
  db = await openTestDb();
  // initdb for a first snapshot takes seconds on a busy machine.
}, 60_000);
afterAll(async () => {
  await db?.close();
});

async function request(kind: string, retainUntil: string): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `insert into private.subscription_requests (kind, email, retain_until)
     values ($1, 'ada@example.com', $2::timestamptz) returning id`,
    [kind, retainUntil],
  );
  return row!.id;
}

async function email(kind: string, ref: string | null): Promise<void> {
  await db.query(
    `insert into private.email_outbox (to_address, subject, text_body, html_body, kind, ref, status)
     values ('ada@example.com', 'About your subscription', 'Text', '<p>Text</p>', $1, $2, 'local')`,
    [kind, ref],
  );
}

const refs = async () =>
  (await db.query<{ ref: string | null }>("select ref from private.email_outbox order by ref")).map(
    (row) => row.ref,
  );

describe("pruning requests past their retention", () => {
  it("deletes the e-mails about them too, and only those", async () => {
    const expired = await request("cancel", "2026-01-01T00:00:00Z");
    const kept = await request("withdraw", "2030-01-01T00:00:00Z");
    await email("cancellation", expired);
    await email("cancellation", expired);
    await email("withdrawal_receipt", kept);
    await email("withdrawal_outcome", kept);
    await email("other", null);

    const [pruned] = await db.query<{ deleted: number }>(
      "select private.prune_subscription_requests(500, '2026-11-27T00:00:00Z') as deleted",
    );
    expect(Number(pruned!.deleted)).toBe(1);
    expect(await refs()).toEqual([kept, kept, null]);
    const left = await db.query<{ id: string }>("select id from private.subscription_requests");
    expect(left.map((row) => row.id)).toEqual([kept]);
  });
});
