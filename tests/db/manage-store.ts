import type { EmbeddedDb } from "../../server/embedded-db.ts";
import type { Db } from "../../supabase/functions/_shared/db.ts";
import {
  createRequestStore,
  type RequestRow,
  type RequestStore,
} from "../../supabase/functions/manage-subscription/store.ts";
import { clearFunctionState } from "./test-db.ts";

// The manage-subscription function's real request store on a test database (PGlite, or the
// real PostgreSQL of tests/db/real-postgres.ts), with what a test reads back and a switch that
// makes the database refuse connections.

export type StoredRequest = RequestRow & { last_error: string | null };

export interface TestRequestStore extends RequestStore {
  /** While true, every query rejects as postgres.js does when the server refuses connections. */
  down: boolean;
  /** The requests as stored, oldest first. */
  rows(): Promise<StoredRequest[]>;
}

/** What postgres.js reports for a refused connection (read by isUnavailableError). */
export class FakeDatabaseDown extends Error {
  readonly code = "ECONNREFUSED";
}

export function testRequestStore(db: Db): TestRequestStore {
  const switchable: Db & { down: boolean } = {
    down: false,
    query(text, params) {
      if (switchable.down) return Promise.reject(new FakeDatabaseDown("down"));
      return db.query(text, params);
    },
  };
  const store = createRequestStore(switchable);
  Object.defineProperty(store, "down", {
    get: () => switchable.down,
    set: (value: boolean) => {
      switchable.down = value;
    },
  });
  return Object.assign(store as RequestStore & { down: boolean }, {
    async rows() {
      const rows = await db.query<StoredRequest>(
        `select id, kind, email, statement, subscription_id, received_at, status, attempts, outcome,
                ack_outbox_id, email_outbox_id, lease_owner, last_error
           from private.subscription_requests order by received_at, id`,
      );
      return rows.map((row) => ({ ...row, attempts: Number(row.attempts) }));
    },
  });
}

/** Empties the requests, the claims, the locks and the functions' state between tests. */
export async function clearManageState(db: EmbeddedDb): Promise<void> {
  await db.exec(
    "truncate private.subscription_requests, private.subscription_withdrawals, private.subscription_locks cascade",
  );
  await clearFunctionState(db);
}
