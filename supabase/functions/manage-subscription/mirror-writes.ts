import type { Db } from "../_shared/db.ts";
import { describeError, type LogLine } from "../_shared/serve.ts";
import { noteOwnChange } from "../_shared/subscriptions-mirror.ts";
import type { Billing } from "./billing.ts";

/**
 * Billing whose cancellations are also noted in the subscriptions mirror once Stripe has
 * taken them, so the yearly reminder never tells a subscriber whose subscription ends that it
 * renews, should Stripe's event come late or never (a stand-in that sends none). Stripe stays
 * the truth: a mirror that cannot be written is logged, and its next event repairs it.
 */
export function mirroredBilling(
  billing: Billing,
  db: Db,
  log: LogLine,
  now: () => Date = () => new Date(),
): Billing {
  const note = async (id: string, change: Parameters<typeof noteOwnChange>[2]) => {
    await noteOwnChange(db, id, change, now()).catch((error: unknown) => {
      log(
        JSON.stringify({
          level: "warn",
          event: "manage_mirror_note_failed",
          ...describeError(error),
        }),
      );
    });
  };
  return {
    ...billing,
    async setCancelAtPeriodEnd(id, value, idempotencyKey) {
      const updated = await billing.setCancelAtPeriodEnd(id, value, idempotencyKey);
      await note(id, { cancelAtPeriodEnd: value });
      return updated;
    },
    async cancelNow(id, idempotencyKey) {
      await billing.cancelNow(id, idempotencyKey);
      await note(id, { endedAt: now() });
    },
  };
}
