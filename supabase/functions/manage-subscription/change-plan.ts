import { CHANGE_PLAN_BUTTON_LABEL, changePlanPath, PLAN_CHANGE_RULE } from "../_shared/contract.ts";
import type { Mailer, OutgoingEmail } from "../_shared/email.ts";
import type { LogLine } from "../_shared/serve.ts";
import type { Billing, SubscriptionView } from "./billing.ts";
import { formatMoment, render, type EmailContext } from "./emails.ts";
import { planLinkExpiry, signPlanLink, verifyPlanLink } from "../_shared/plan-link.ts";
import type { PlanLinkStore } from "./plan-link-store.ts";
import type { PlanPortal } from "./portal.ts";
import { subscriptionsOf, type WorkDeps } from "./work.ts";

// Changing plans: a request by address e-mails each live subscription's owner a one-use link,
// and the link's button opens Stripe's portal on that subscription. Nothing here changes a
// subscription: the portal does, by the rules in PLAN_CHANGE_RULE.

export interface ChangePlanDeps {
  billing: Billing | undefined;
  portal: PlanPortal | undefined;
  links: PlanLinkStore;
  mailer: Mailer;
  linkSecret: string;
  email: EmailContext;
  log: LogLine;
  now: () => Date;
  /** The subscriptions mirror's customers under an address (work.ts `WorkDeps.mirror`). */
  mirror?: WorkDeps["mirror"];
}

/** The confirm page, with the link's token in its address. */
export const confirmPath = `${changePlanPath}/confirm`;

export function changePlanEmail(
  context: EmailContext,
  subscription: SubscriptionView,
  link: string,
  expiresAt: Date,
): OutgoingEmail {
  const plan =
    subscription.planName === undefined
      ? "your subscription"
      : `your ${subscription.planName} plan`;
  return render(context, {
    to: subscription.customerEmail,
    subject: `Change ${plan}`,
    kind: "change_plan_link",
    ref: subscription.id,
    blocks: [
      {
        text: `Someone, we hope you, asked to change ${plan} on our website. The link below opens our payment provider Stripe's page for this subscription, where you choose the new plan and see what it costs before you confirm.`,
        link: { label: CHANGE_PLAN_BUTTON_LABEL, url: link },
      },
      { text: PLAN_CHANGE_RULE },
      {
        text: `The link works once, until ${formatMoment(expiresAt)}. Opening it changes nothing by itself: its page has one button, which takes you to Stripe. If you did not ask for this, ignore this e-mail, or write to ${context.supportEmail}.`,
      },
    ],
  });
}

/** E-mails a link to each live subscription under `address`; never throws for a stranger. */
export async function sendChangePlanLinks(deps: ChangePlanDeps, address: string): Promise<void> {
  if (deps.billing === undefined || deps.portal === undefined) return;
  try {
    const { live } = await subscriptionsOf(deps, deps.billing, address);
    for (const subscription of live) {
      if (subscription.customerId === "") continue;
      const expiresAt = planLinkExpiry(deps.now());
      const token = await signPlanLink(
        deps.linkSecret,
        "change-plan",
        subscription.id,
        subscription.customerId,
        expiresAt,
      );
      const url = `${deps.email.siteUrl}${confirmPath}?token=${token}`;
      await deps.mailer.send(changePlanEmail(deps.email, subscription, url, expiresAt));
    }
    deps.log(
      JSON.stringify({ level: "info", event: "manage_change_plan_sent", links: live.length }),
    );
  } catch (error) {
    // The visitor already has the one answer; the reason stays in the log (no address).
    deps.log(
      JSON.stringify({
        level: "error",
        event: "manage_change_plan_failed",
        error: error instanceof Error ? error.name : typeof error,
      }),
    );
  }
}

export type PortalOutcome =
  | { ok: true; url: string }
  | {
      ok: false;
      code:
        | "invalid_token"
        | "invalid_link"
        | "plan_link_expired"
        | "plan_link_used"
        | "not_configured"
        | "billing_unavailable";
    };

type PortalRefusal = Extract<PortalOutcome, { ok: false }>["code"];

/** The status each refusal answers with: gone for a spent or stale link, 503 for ours. */
export const PORTAL_REFUSAL_STATUS: Record<PortalRefusal, number> = {
  invalid_token: 400,
  invalid_link: 400,
  plan_link_expired: 410,
  plan_link_used: 410,
  not_configured: 503,
  billing_unavailable: 503,
};

/** Checks the link, spends it, and opens the portal; a failed opening gives the link back. */
export async function openPlanPortal(deps: ChangePlanDeps, token: string): Promise<PortalOutcome> {
  if (deps.portal === undefined) return { ok: false, code: "not_configured" };
  const check = await verifyPlanLink(deps.linkSecret, "change-plan", token, deps.now());
  if (!check.ok) {
    deps.log(
      JSON.stringify({ level: "warn", event: "manage_portal_refused", reason: check.reason }),
    );
    if (check.reason === "malformed") return { ok: false, code: "invalid_token" };
    return { ok: false, code: check.reason === "expired" ? "plan_link_expired" : "invalid_link" };
  }
  if (!(await deps.links.claim(check.nonce, check.subscriptionId, check.expiresAt))) {
    deps.log(JSON.stringify({ level: "warn", event: "manage_portal_refused", reason: "used" }));
    return { ok: false, code: "plan_link_used" };
  }
  try {
    const url = await deps.portal.openUpdate(check.customerId, check.subscriptionId);
    return { ok: true, url };
  } catch (error) {
    await deps.links.release(check.nonce);
    deps.log(
      JSON.stringify({
        level: "error",
        event: "manage_portal_failed",
        error: error instanceof Error ? error.name : typeof error,
      }),
    );
    return { ok: false, code: "billing_unavailable" };
  }
}
