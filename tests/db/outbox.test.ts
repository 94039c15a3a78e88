import type { Sql } from "postgres";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createPostgresDb, type PostgresDb } from "../../supabase/functions/_shared/db.ts";
import { createMailer, type Mailer } from "../../supabase/functions/_shared/email.ts";
import { startFakeResend, type FakeResend } from "../fakes/fake-resend.ts";
import {
  freshDatabase,
  holdInTransaction,
  observer,
  ROUTES,
  waitForLockWaits,
} from "./postgres-under-test.ts";

// The e-mail outbox on a real server, with two senders (two instances, a pool each) retrying
// the queue at the same moment: Resend is asked for each message once.

const CONNECTIONS_EACH = 3;
const FROM = "Castloop <billing@castloop.test>";

/** A fetch that waits at a gate until `open()`, saying when the first call reached it. */
function gatedFetch() {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let reached!: () => void;
  const inside = new Promise<void>((resolve) => (reached = resolve));
  const gated: typeof fetch = async (input, init) => {
    reached();
    await gate;
    return fetch(input, init);
  };
  return { fetch: gated, inside, open };
}

describe.each(ROUTES)("the e-mail outbox, $route", (route) => {
  let resend: FakeResend;
  let pools: PostgresDb[] = [];
  let watch: Sql;
  let holder: Sql;

  beforeAll(async () => {
    const direct = await freshDatabase();
    resend = await startFakeResend();
    pools = [0, 1].map(() => createPostgresDb(route.url(direct), { max: CONNECTIONS_EACH }));
    watch = observer(direct);
    holder = observer(direct);
  });

  afterAll(async () => {
    await Promise.all(pools.map((db) => db.close()));
    await watch?.end({ timeout: 5 });
    await holder?.end({ timeout: 5 });
    await resend?.close();
  });

  beforeEach(async () => {
    await watch`truncate private.email_outbox`;
    resend.reset();
  });

  const mailer = (index: number, fetch?: typeof globalThis.fetch): Mailer =>
    createMailer({ db: pools[index]!, apiKey: "re_test", apiBase: resend.url, from: FROM, fetch });

  /** `count` messages whose first try failed, due for a retry now. */
  async function queued(count: number): Promise<string[]> {
    resend.failNext(500, count);
    const ids: string[] = [];
    for (let index = 0; index < count; index += 1) {
      const result = await mailer(0).send({
        to: `listener${index}@example.test`,
        subject: `Message ${index}`,
        text: "Plain text.",
        html: "<p>Plain text.</p>",
        kind: "test",
      });
      expect(result.status).toBe("queued");
      ids.push(result.outboxId);
    }
    await watch`update private.email_outbox
                   set next_attempt_at = statement_timestamp() - interval '1 second'`;
    resend.reset();
    return ids;
  }

  /** How many times Resend was asked to send each outbox message. */
  const asked = () => {
    const counts = new Map<string, number>();
    for (const request of resend.requests) {
      const key = request.headers["idempotency-key"] ?? "";
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return counts;
  };

  it("sends each of 30 queued messages once while two senders retry at once", async () => {
    const ids = await queued(30);
    const senders = [mailer(0), mailer(1)];
    // The outbox is locked while the retries arrive, so they all wait and then run together.
    const held = await holdInTransaction(
      holder,
      (tx) => tx`lock table private.email_outbox in exclusive mode`,
    );
    const retries = Promise.all(
      Array.from({ length: 2 * CONNECTIONS_EACH }, (_, index) =>
        senders[index % 2]!.retryQueued(10),
      ),
    );
    try {
      await waitForLockWaits(watch, route.serverConnections(2 * CONNECTIONS_EACH));
    } finally {
      await held.release();
    }

    const sent = (await retries).reduce((sum, count) => sum + count, 0);
    expect(sent).toBe(30);
    expect(asked()).toEqual(new Map(ids.map((id) => [`outbox/${id}`, 1])));
    const rows = await watch<{ status: string; attempts: number }[]>`
      select status, attempts from private.email_outbox`;
    expect(rows).toHaveLength(30);
    expect(rows.every((row) => row.status === "sent" && row.attempts === 2)).toBe(true);
  });

  it("leaves the messages another sender is sending to it", async () => {
    const ids = await queued(12);
    const slow = gatedFetch();
    const first = mailer(0, slow.fetch).retryQueued(5);
    // The first sender has claimed its five and waits on Resend with them.
    await slow.inside;
    const second = await mailer(1).retryQueued(100);
    slow.open();
    expect({ first: await first, second }).toEqual({ first: 5, second: 7 });
    expect(asked()).toEqual(new Map(ids.map((id) => [`outbox/${id}`, 1])));
    expect(await mailer(1).retryQueued(100)).toBe(0);
  });

  it("never retries a message while its first send is still under way", async () => {
    const slow = gatedFetch();
    const sending = mailer(0, slow.fetch).send({
      to: "listener@example.test",
      subject: "Sent once",
      text: "Plain text.",
      html: "<p>Plain text.</p>",
      kind: "test",
    });
    await slow.inside;
    expect(await mailer(1).retryQueued(100)).toBe(0);
    slow.open();
    const result = await sending;
    expect(result.status).toBe("sent");
    expect(asked()).toEqual(new Map([[`outbox/${result.outboxId}`, 1]]));
  });
});
