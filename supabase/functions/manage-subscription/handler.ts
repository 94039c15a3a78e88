import { isUnavailableError } from "../_shared/db.ts";
import { logNoDatabase } from "../_shared/function-db.ts";
import type { Mailer } from "../_shared/email.ts";
import {
  bodyKind,
  isTrustedOrigin,
  readFormOrJson,
  type BodyKind,
} from "../_shared/form-or-json.ts";
import { formReturnBase } from "../_shared/form-body.ts";
import { json, problem } from "../_shared/http.ts";
import type { RateLimiter, RateLimitVerdict } from "../_shared/rate-limit.ts";
import { rateLimitKey } from "../_shared/client-address.ts";
import {
  defaultLog,
  logFault,
  serveFunction,
  type ClientInfo,
  type FunctionHandler,
  type LogLine,
} from "../_shared/serve.ts";
import { BillingError, type Billing } from "./billing.ts";
import {
  openPlanPortal,
  PORTAL_REFUSAL_STATUS,
  sendChangePlanLinks,
  type ChangePlanDeps,
} from "./change-plan.ts";
import { endOlder, END_OLDER_STATUS, type EndOlderDeps } from "./end-older.ts";
import {
  createMemoryPlanLinkStore,
  type EndOlderUses,
  type PlanLinkStore,
} from "./plan-link-store.ts";
import type { PlanPortal } from "./portal.ts";
import type { EmailContext } from "./emails.ts";
import { verifyKeepToken } from "./link-token.ts";
import {
  CANCEL_ANSWER,
  CHANGE_PLAN_ANSWER,
  END_OLDER_ANSWER,
  FORM_ERRORS,
  FORM_PATHS,
  KEEP_ANSWER,
  MESSAGES,
  RESULT_PATHS,
  WITHDRAW_ANSWER,
  type ManageErrorCode,
} from "./messages.ts";
import { isAction, parseManageBody, type Action, type ManageBody } from "./schema.ts";
import { SubscriptionBusyError, type RequestStore } from "./store.ts";
import { runRequest, type WorkDeps } from "./work.ts";

export { CANCEL_ANSWER, KEEP_ANSWER, MESSAGES, WITHDRAW_ANSWER };
export type { ClientInfo, LogLine };

export const MAX_BODY_BYTES = 8 * 1024;
export const BODY_READ_TIMEOUT_MS = 5_000;
/**
 * Every cancellation and withdrawal is answered this long after it arrived, never sooner, so
 * an answer takes as long whether or not a subscription matched. The Stripe work runs
 * meanwhile and, if it is slower, goes on after the answer.
 */
export const RESPONSE_FLOOR_MS = 1_200;
/** What a refused request waits before trying again when the database is down. */
export const DATABASE_RETRY_AFTER_SECONDS = 30;

export interface ManageLimiters {
  /**
   * Per client address (IPv6 per /64), for every action. Nothing keyed on an e-mail address
   * refuses a request, so no stranger can lock a customer out: the per-mailbox limit holds
   * the e-mail instead (the mailer's gate, from-env.ts).
   */
  perClient?: RateLimiter;
}

export interface ManageHandlerDeps extends ManageLimiters {
  /** Undefined without a payment provider: requests are recorded and queued for a person. */
  billing: Billing | undefined;
  mailer: Mailer;
  store: RequestStore;
  /** Signs the undo links and keys the per-mailbox limit (SUBSCRIPTION_LINK_SECRET). */
  linkSecret: string;
  siteUrl: string;
  allowedOrigins: readonly string[];
  email: EmailContext;
  log?: LogLine;
  now?: () => Date;
  floorMs?: number;
  bodyTimeoutMs?: number;
  /**
   * Keeps work alive after the answer: EdgeRuntime.waitUntil on Supabase; on Node the promise
   * simply runs on. Tests pass one to await it.
   */
  waitUntil?: (work: Promise<unknown>) => void;
  sleep?: (ms: number) => Promise<void>;
  /** The subscriptions mirror's customers under an address (work.ts `WorkDeps.mirror`). */
  mirror?: WorkDeps["mirror"];
  /** Whether an unmatched cancellation may e-mail its receipt (work.ts `WorkDeps`). */
  unmatchedReceipt?: WorkDeps["unmatchedReceipt"];
  /** Stripe's customer portal for plan changes; undefined without a payment provider. */
  portal?: PlanPortal;
  /** Where used change-plan links are recorded (plan-link-store.ts). */
  planLinks?: PlanLinkStore;
  /** Where end-older links' uses are recorded and resumed; absent: `end_older` is refused. */
  endOlderUses?: EndOlderUses;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** The HMAC of a mailbox, so the limiter's table never holds it and no one can reverse it. */
export async function addressKey(secret: string, mailbox: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`address:${mailbox}`));
  return Array.from(new Uint8Array(mac), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

type Reply = (status: number, code: ManageErrorCode, extra?: Record<string, string>) => Response;
/** Where a fault is answered: the cancel page (or JSON) until the body names its own page. */
type FaultPage = { fail: Reply };

/**
 * Answers to a plain form go back to a page (303) under `base` (form-body.ts
 * `formReturnBase`); to a script, as JSON.
 */
function responder(
  kind: BodyKind | undefined,
  action: Action | undefined,
  base: string,
  cors: Record<string, string>,
  token?: string,
): { fail: Reply; succeed: (action: Action, message: string) => Response } {
  const form = kind === "form";
  const page = (path: string) => `${base}${path}`;
  return {
    fail(status, code, extra = {}) {
      if (!form) return problem(status, code, MESSAGES[code], { ...cors, ...extra });
      const target = action ?? "cancel";
      const shown = (FORM_ERRORS[target] as readonly string[]).includes(code)
        ? code
        : "invalid_body";
      const query =
        target === "keep" && token !== undefined && /^[A-Za-z0-9._-]{1,300}$/.test(token)
          ? `?token=${token}`
          : "";
      return new Response(null, {
        status: 303,
        headers: {
          ...cors,
          ...extra,
          Location: page(`${FORM_PATHS[target]}${query}#error-${shown}`),
          "Cache-Control": "no-store",
        },
      });
    },
    succeed(done, message) {
      const status = done === "keep" ? "kept" : done === "end_older" ? "ended" : "received";
      if (!form) return json({ status, message }, 200, cors);
      return new Response(null, {
        status: 303,
        headers: { ...cors, Location: page(RESULT_PATHS[done]), "Cache-Control": "no-store" },
      });
    },
  };
}

/**
 * A function that refuses every request with one code: no link secret beside a live key
 * (`not_configured`), or no database to record requests in (`database_unavailable`). The body
 * is read, within the usual limits, only to send a plain form back to its own page.
 */
function createRefusingHandler(
  code: "not_configured" | "database_unavailable",
  options: { allowedOrigins: readonly string[]; siteUrl: string; log?: LogLine },
): FunctionHandler {
  const extra: Record<string, string> =
    code === "database_unavailable" ? { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) } : {};
  return serveFunction(
    { allowedOrigins: options.allowedOrigins, log: options.log ?? defaultLog, event: "manage" },
    async (req, cors) => {
      const read = await readFormOrJson(req, MAX_BODY_BYTES, BODY_READ_TIMEOUT_MS);
      const fields = read.ok ? (read.value as Record<string, unknown> | null) : null;
      const action = isAction(fields?.action) ? fields.action : undefined;
      const token = typeof fields?.token === "string" ? fields.token : undefined;
      const base = formReturnBase(req, options.siteUrl, options.allowedOrigins);
      return responder(read.kind, action, base, cors, token).fail(503, code, extra);
    },
  );
}

type RefusingHandlerOptions = Parameters<typeof createRefusingHandler>[1];

/** With a live Stripe key but no SUBSCRIPTION_LINK_SECRET: every request is `not_configured`. */
export const createNotConfiguredHandler = (options: RefusingHandlerOptions) =>
  createRefusingHandler("not_configured", options);

/** With no database to record requests in: every request is `database_unavailable`. */
export function createNoDatabaseManageHandler(options: RefusingHandlerOptions): FunctionHandler {
  logNoDatabase(options.log ?? defaultLog, "manage");
  return createRefusingHandler("database_unavailable", options);
}

export function createManageHandler(deps: ManageHandlerDeps): FunctionHandler {
  const log = deps.log ?? defaultLog;
  const now = deps.now ?? (() => new Date());
  const floorMs = deps.floorMs ?? RESPONSE_FLOOR_MS;
  const sleep = deps.sleep ?? wait;
  const background = deps.waitUntil ?? ((work: Promise<unknown>) => void work);
  const work: WorkDeps = {
    billing: deps.billing,
    mailer: deps.mailer,
    store: deps.store,
    linkSecret: deps.linkSecret,
    email: deps.email,
    log,
    now,
    mirror: deps.mirror,
    unmatchedReceipt: deps.unmatchedReceipt,
  };
  const plans: ChangePlanDeps = {
    billing: deps.billing,
    portal: deps.portal,
    links: deps.planLinks ?? createMemoryPlanLinkStore(),
    mailer: deps.mailer,
    linkSecret: deps.linkSecret,
    email: deps.email,
    log,
    now,
    mirror: deps.mirror,
  };
  const baseFor = (req: Request) => formReturnBase(req, deps.siteUrl, deps.allowedOrigins);
  const ending: EndOlderDeps | undefined =
    deps.endOlderUses === undefined
      ? undefined
      : {
          billing: deps.billing,
          uses: deps.endOlderUses,
          store: deps.store,
          linkSecret: deps.linkSecret,
          log,
          now,
          mirror: deps.mirror,
        };
  const dbDown = (fail: Reply) =>
    fail(503, "database_unavailable", { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) });

  async function limited(
    keys: { limiter: RateLimiter | undefined; key: string }[],
  ): Promise<RateLimitVerdict> {
    for (const { limiter, key } of keys) {
      if (limiter === undefined) continue;
      const verdict = await limiter.hit(key);
      if (!verdict.allowed) return verdict;
    }
    return { allowed: true };
  }

  /**
   * The last resort for a fault no step expected (a TypeError, say): a plain form goes back to
   * its page's notice with a 303, a script gets the JSON 500 with a generic message; the stack
   * stays in the log.
   */
  function answerFaults(
    post: (
      req: Request,
      cors: Record<string, string>,
      info: ClientInfo | undefined,
      fault: FaultPage,
    ) => Promise<Response>,
  ) {
    return async (req: Request, cors: Record<string, string>, info?: ClientInfo) => {
      const fault: FaultPage = {
        fail: responder(bodyKind(req), undefined, baseFor(req), cors).fail,
      };
      try {
        return await post(req, cors, info, fault);
      } catch (error) {
        return logFault(log, "manage", error) === "database_unavailable"
          ? dbDown(fault.fail)
          : fault.fail(500, "internal_error");
      }
    };
  }

  return serveFunction(
    { allowedOrigins: deps.allowedOrigins, log, event: "manage" },
    answerFaults(async (req, cors, info, fault) => {
      const started = Date.now();
      if (!isTrustedOrigin(req, deps.allowedOrigins)) {
        // Read (within the usual limits) only to name the page the refusal is shown on.
        const read = await readFormOrJson(req, MAX_BODY_BYTES, BODY_READ_TIMEOUT_MS);
        const fields = read.ok ? (read.value as Record<string, unknown> | null) : null;
        const action = isAction(fields?.action) ? fields.action : undefined;
        const token = typeof fields?.token === "string" ? fields.token : undefined;
        return responder(bodyKind(req), action, deps.siteUrl, cors, token).fail(
          403,
          "forbidden_origin",
        );
      }
      const read = await readFormOrJson(
        req,
        MAX_BODY_BYTES,
        deps.bodyTimeoutMs ?? BODY_READ_TIMEOUT_MS,
      );
      if (!read.ok) {
        return responder(read.kind, undefined, baseFor(req), cors).fail(read.status, read.code);
      }
      const fields = read.value as Record<string, unknown> | null;
      const named = fields?.action;
      const claimed = isAction(named) ? named : undefined;
      const token = typeof fields?.token === "string" ? fields.token : undefined;
      const { fail, succeed } = responder(read.kind, claimed, baseFor(req), cors, token);
      fault.fail = fail;
      const parsed = parseManageBody(read.value, now());
      if (!parsed.ok) return fail(400, parsed.code);
      const body = parsed.body;

      try {
        // A keep counts apart: the cancellations a client sent never use up its undo.
        const verdict = await limited([
          {
            limiter: deps.perClient,
            key: `${body.action === "keep" || body.action === "portal" || body.action === "end_older" ? "manage-keep" : "manage"}:${rateLimitKey(info?.clientIp)}`,
          },
        ]);
        if (!verdict.allowed) {
          return fail(429, "rate_limited", { "Retry-After": String(verdict.retryAfterSeconds) });
        }
      } catch (error) {
        if (isUnavailableError(error)) return dbDown(fail);
        throw error;
      }

      if (body.action === "keep") return await keep(body.token, fail, succeed);
      if (body.action === "change_plan") {
        // Without Stripe there is no portal to send anyone to: say so rather than promise a link.
        if (deps.billing === undefined || deps.portal === undefined)
          return fail(503, "not_configured");
        // Answered at the same point whether or not a subscription matched, like a cancellation.
        background(sendChangePlanLinks(plans, body.email));
        await sleep(floorMs - (Date.now() - started));
        return succeed("change_plan", CHANGE_PLAN_ANSWER);
      }
      if (body.action === "portal") {
        const opened = await openPlanPortal(plans, body.token);
        if (!opened.ok) {
          return fail(PORTAL_REFUSAL_STATUS[opened.code], opened.code);
        }
        if (read.kind !== "form") return json({ status: "portal", url: opened.url }, 200, cors);
        return new Response(null, {
          status: 303,
          headers: { ...cors, Location: opened.url, "Cache-Control": "no-store" },
        });
      }
      if (body.action === "end_older") {
        if (ending === undefined) return fail(503, "not_configured");
        const ended = await endOlder(ending, body.token);
        if (ended.ok) return succeed("end_older", END_OLDER_ANSWER);
        // Recorded and left to the job runner: an answer, not a refusal, to a script.
        if (ended.code === "end_older_pending" && read.kind !== "form") {
          return json({ status: "pending", message: MESSAGES.end_older_pending }, 202, cors);
        }
        const retry = ended.code === "billing_unavailable" ? { "Retry-After": "30" } : undefined;
        return fail(END_OLDER_STATUS[ended.code], ended.code, retry);
      }
      return await receive(body, started, fail, succeed);
    }),
  );

  /** Records the request, starts its work, and answers at the fixed point, whatever it found. */
  async function receive(
    body: Extract<ManageBody, { action: "cancel" | "withdraw" }>,
    started: number,
    fail: Reply,
    succeed: (action: Action, message: string) => Response,
  ): Promise<Response> {
    let row;
    try {
      row = await deps.store.record(
        body.action === "cancel"
          ? { kind: "cancel", email: body.email }
          : {
              kind: "withdraw",
              email: body.email,
              statement: {
                name: body.name,
                confirmTo: body.confirmTo,
                ...(body.plan === undefined ? {} : { plan: body.plan }),
                ...(body.subscribedOn === undefined ? {} : { subscribedOn: body.subscribedOn }),
              },
            },
      );
    } catch (error) {
      if (isUnavailableError(error)) return dbDown(fail);
      throw error;
    }
    log(
      JSON.stringify({ level: "info", event: `manage_${body.action}_received`, request: row.id }),
    );
    background(runRequest(work, row));
    await sleep(floorMs - (Date.now() - started));
    return succeed(body.action, body.action === "cancel" ? CANCEL_ANSWER : WITHDRAW_ANSWER);
  }

  /**
   * Undoes a cancellation at once: the link's holder already knows the subscription. Only the
   * subscription's latest cancellation: a link from before a "keep" and a new cancellation is
   * refused; the same link used twice answers alike.
   */
  async function keep(
    token: string,
    fail: Reply,
    succeed: (action: Action, message: string) => Response,
  ): Promise<Response> {
    const billing = deps.billing;
    if (billing === undefined) return fail(503, "not_configured");
    const check = await verifyKeepToken(deps.linkSecret, token, now());
    if (!check.ok) {
      log(JSON.stringify({ level: "warn", event: "manage_keep_refused", reason: check.reason }));
      if (check.reason === "malformed") return fail(400, "invalid_token");
      return check.reason === "expired" ? fail(410, "link_expired") : fail(400, "invalid_link");
    }
    const subscriptionId = check.subscriptionId;
    try {
      // Check, write and save while holding the subscription: a cancellation running now either
      // saved first (this link is then superseded) or writes after this keep and says so.
      return await deps.store.withSubscription(subscriptionId, async () => {
        const latest = await deps.store.latestCancellation(subscriptionId);
        if (latest !== check.requestId) {
          log(
            JSON.stringify({ level: "warn", event: "manage_keep_refused", reason: "superseded" }),
          );
          return fail(410, "link_superseded");
        }
        // A withdrawal ended it: there is nothing left to keep.
        if ((await deps.store.withdrawnAlready([subscriptionId])).length > 0) {
          return fail(409, "subscription_ended");
        }
        const row = await deps.store.record({ kind: "keep", subscriptionId });
        try {
          await billing.setCancelAtPeriodEnd(subscriptionId, false, `${row.id}/keep`);
        } catch (error) {
          const failure = error instanceof BillingError ? error : undefined;
          await deps.store.giveUp(row, `keep_${failure?.kind ?? "unexpected"}`).catch(() => {});
          log(
            JSON.stringify({
              level: failure?.kind === "not_changeable" ? "warn" : "error",
              event: "manage_keep_failed",
              request: row.id,
              kind: failure?.kind ?? "unexpected",
              ...failure?.details,
            }),
          );
          // The visitor is told plainly; nothing is retried behind their back.
          if (failure?.kind === "not_changeable") return fail(409, "subscription_ended");
          return fail(503, "billing_unavailable", { "Retry-After": "30" });
        }
        // Saved before the subscription is let go: a waiting withdrawal reads it as stopped.
        await deps.store
          .finish(row, "done", { subscriptions: [{ id: subscriptionId, action: "kept" }] }, null)
          .catch(() => {});
        return succeed("keep", KEEP_ANSWER);
      });
    } catch (error) {
      if (isUnavailableError(error)) return dbDown(fail);
      if (error instanceof SubscriptionBusyError) {
        return fail(503, "billing_unavailable", { "Retry-After": "30" });
      }
      throw error;
    }
  }
}
