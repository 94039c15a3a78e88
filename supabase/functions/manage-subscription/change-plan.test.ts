import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EmbeddedDb } from "../../../server/embedded-db.ts";
import { closeSharedTestDb, sharedTestDb } from "../../../tests/db/test-db.ts";
import { memoryBilling, memoryLimiter, memoryMailer } from "../../../tests/fakes/manage-doubles.ts";
import { CHANGE_PLAN_ANSWER, PLAN_CHANGE_RULE } from "../_shared/contract.ts";
import { BillingError } from "./billing.ts";
import { createManageHandler } from "./handler.ts";
import { planLinkExpiry, signPlanLink } from "../_shared/plan-link.ts";
import { createMemoryPlanLinkStore, createPlanLinkStore } from "./plan-link-store.ts";
import type { PlanPortal } from "./portal.ts";
import type { RequestStore } from "./store.ts";

const SITE = "https://castloop.test";
const ENDPOINT = "https://fn.castloop.test/functions/v1/manage-subscription";
const SECRET = "a-test-secret-that-is-long-enough-for-hmac";

function fakePortal() {
  const opened: { customer: string; subscription: string }[] = [];
  let failures = 0;
  const portal: PlanPortal & { opened: typeof opened; failNext(): void } = {
    opened,
    failNext() {
      failures += 1;
    },
    async openUpdate(customer, subscription) {
      if (failures > 0) {
        failures -= 1;
        throw new BillingError("unavailable");
      }
      opened.push({ customer, subscription });
      return `https://billing.stripe.test/p/session/${subscription}`;
    },
  };
  return portal;
}

function setup(options: { floorMs?: number; sleeps?: number[]; now?: () => Date } = {}) {
  const billing = memoryBilling();
  const mailer = memoryMailer();
  const portal = fakePortal();
  const planLinks = createMemoryPlanLinkStore();
  const pending: Promise<unknown>[] = [];
  const logs: string[] = [];
  const handler = createManageHandler({
    billing,
    mailer,
    // Neither action writes a request: a store that is touched fails the test.
    store: {} as RequestStore,
    linkSecret: SECRET,
    siteUrl: SITE,
    allowedOrigins: [SITE],
    email: { brand: "Castloop", siteUrl: SITE, supportEmail: "support@castloop.test" },
    log: (line) => logs.push(line),
    floorMs: options.floorMs ?? 0,
    sleep: async (ms) => {
      options.sleeps?.push(ms);
    },
    now: options.now,
    waitUntil: (work) => pending.push(work),
    perClient: memoryLimiter(100),
    portal,
    planLinks,
  });
  const settle = async () => {
    while (pending.length > 0) await pending.shift();
  };
  return { handler, billing, mailer, portal, planLinks, settle, logs };
}

const postForm = (fields: Record<string, string>) =>
  new Request(ENDPOINT, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: SITE },
    body: new URLSearchParams(fields).toString(),
  });
const postJson = (body: unknown) =>
  new Request(ENDPOINT, {
    method: "POST",
    headers: { "content-type": "application/json", origin: SITE },
    body: JSON.stringify(body),
  });

/** The token in an e-mail's change-plan link. */
const tokenIn = (text: string) => /change-plan\/confirm\?token=(\S+)/.exec(text)?.[1] ?? "";

describe("change_plan", () => {
  it("refuses a change-plan form from another site on /change-plan's own notice", async () => {
    const { handler, mailer, settle } = setup();
    const answer = await handler(
      new Request(ENDPOINT, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          origin: "https://evil.test",
        },
        body: new URLSearchParams({ action: "change_plan", email: "ada@example.com" }).toString(),
      }),
    );
    await settle();
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe(`${SITE}/change-plan#error-forbidden_origin`);
    expect(mailer.sent).toEqual([]);
  });

  it("e-mails each live subscription of the address its own link, and answers alike for a stranger", async () => {
    const sleeps: number[] = [];
    const { handler, billing, mailer, settle } = setup({ floorMs: 1_200, sleeps });
    const pro = billing.add({ customerEmail: "jane@example.com", planName: "Pro" });
    const starter = billing.add({ customerEmail: "jane@example.com", planName: "Starter" });
    billing.add({ customerEmail: "jane@example.com", status: "canceled" });

    const known = await handler(postForm({ action: "change_plan", email: "jane@example.com" }));
    await settle();
    const stranger = await handler(
      postForm({ action: "change_plan", email: "nobody@example.com" }),
    );
    await settle();

    for (const answer of [known, stranger]) {
      expect(answer.status).toBe(303);
      expect(answer.headers.get("location")).toBe(`${SITE}/change-plan/sent`);
    }
    // Both answers waited for the floor, whatever the look-up found.
    expect(sleeps).toHaveLength(2);
    expect(sleeps.every((ms) => ms > 1_000)).toBe(true);
    expect(mailer.sent.map((mail) => [mail.to, mail.ref, mail.kind])).toEqual([
      ["jane@example.com", pro.id, "change_plan_link"],
      ["jane@example.com", starter.id, "change_plan_link"],
    ]);
    expect(mailer.sent[0]?.subject).toBe("Change your Pro plan");
    expect(mailer.sent[0]?.text).toContain(PLAN_CHANGE_RULE);
    expect(tokenIn(mailer.sent[0]?.text ?? "")).toMatch(/^p2\.change-plan\./);
  });

  it("answers a script with the same JSON either way", async () => {
    const { handler, billing, settle } = setup();
    billing.add({ customerEmail: "jane@example.com" });
    const known = await handler(postJson({ action: "change_plan", email: "jane@example.com" }));
    const stranger = await handler(postJson({ action: "change_plan", email: "x@example.com" }));
    await settle();
    expect(await known.json()).toEqual(await stranger.json());
    expect(
      await (await handler(postJson({ action: "change_plan", email: "a@b.co" }))).json(),
    ).toEqual({
      status: "received",
      message: CHANGE_PLAN_ANSWER,
    });
  });

  it("sends a plain form's bad address back to the page, and a stranger's provider failure nowhere", async () => {
    const { handler, billing, mailer, settle } = setup();
    const bad = await handler(postForm({ action: "change_plan", email: "not-an-address" }));
    expect(bad.headers.get("location")).toBe(`${SITE}/change-plan#error-invalid_email`);
    billing.failNext(5);
    const failed = await handler(postForm({ action: "change_plan", email: "jane@example.com" }));
    await settle();
    expect(failed.headers.get("location")).toBe(`${SITE}/change-plan/sent`);
    expect(mailer.sent).toEqual([]);
  });

  it("says plan changes are not set up when there is no portal, and promises no e-mail", async () => {
    const handler = createManageHandler({
      billing: undefined,
      mailer: memoryMailer(),
      store: {} as RequestStore,
      linkSecret: SECRET,
      siteUrl: SITE,
      allowedOrigins: [SITE],
      email: { brand: "Castloop", siteUrl: SITE, supportEmail: "support@castloop.test" },
      log: () => {},
      floorMs: 0,
    });
    const answer = await handler(postForm({ action: "change_plan", email: "jane@example.com" }));
    expect(answer.headers.get("location")).toBe(`${SITE}/change-plan#error-not_configured`);
  });
});

describe("portal", () => {
  async function linkFor(setupResult: ReturnType<typeof setup>, email = "jane@example.com") {
    const subscription = setupResult.billing.add({ customerEmail: email });
    await setupResult.handler(postForm({ action: "change_plan", email }));
    await setupResult.settle();
    return { subscription, token: tokenIn(setupResult.mailer.sent.at(-1)?.text ?? "") };
  }

  it("opens the portal on the link's subscription for its customer, with a 303 to its URL", async () => {
    const context = setup();
    const { subscription, token } = await linkFor(context);
    const opened = await context.handler(postForm({ action: "portal", token }));
    expect(opened.status).toBe(303);
    expect(opened.headers.get("location")).toBe(
      `https://billing.stripe.test/p/session/${subscription.id}`,
    );
    expect(context.portal.opened).toEqual([
      { customer: subscription.customerId, subscription: subscription.id },
    ]);
  });

  it("works once: the same link again is refused as used", async () => {
    const context = setup();
    const { token } = await linkFor(context);
    await context.handler(postForm({ action: "portal", token }));
    const again = await context.handler(postForm({ action: "portal", token }));
    expect(again.status).toBe(303);
    expect(again.headers.get("location")).toBe(`${SITE}/change-plan/confirm#error-plan_link_used`);
    const json = await context.handler(postJson({ action: "portal", token }));
    expect(json.status).toBe(410);
    expect(context.portal.opened).toHaveLength(1);
  });

  it("gives the link back when the portal cannot be opened", async () => {
    const context = setup();
    const { token } = await linkFor(context);
    context.portal.failNext();
    const failed = await context.handler(postJson({ action: "portal", token }));
    expect(failed.status).toBe(503);
    expect((await failed.json()).code).toBe("billing_unavailable");
    const retried = await context.handler(postJson({ action: "portal", token }));
    expect(await retried.json()).toEqual({
      status: "portal",
      url: expect.stringMatching(/^https:\/\/billing\.stripe\.test\//),
    });
  });

  it("refuses an expired, a forged and a cut-short link, and opens nothing", async () => {
    const context = setup();
    const past = new Date(Date.now() - 25 * 60 * 60 * 1000);
    const expired = await signPlanLink(
      SECRET,
      "change-plan",
      "sub_1",
      "cus_1",
      planLinkExpiry(past),
    );
    const forged = await signPlanLink(
      `${SECRET}-not-ours`,
      "change-plan",
      "sub_1",
      "cus_1",
      planLinkExpiry(new Date()),
    );
    const cases: [string, number, string][] = [
      [expired, 410, "plan_link_expired"],
      [forged, 400, "invalid_link"],
      [forged.slice(0, 20), 400, "invalid_token"],
    ];
    for (const [token, status, code] of cases) {
      const answer = await context.handler(postJson({ action: "portal", token }));
      expect([answer.status, (await answer.json()).code]).toEqual([status, code]);
    }
    expect(context.portal.opened).toEqual([]);
  });

  it("takes the whole link pasted from the e-mail, as the page's field does", async () => {
    const context = setup();
    const { token } = await linkFor(context);
    const answer = await context.handler(
      postForm({ action: "portal", token: `${SITE}/change-plan/confirm?token=${token}` }),
    );
    expect(answer.headers.get("location")).toMatch(/^https:\/\/billing\.stripe\.test\//);
  });
});

describe("the used-links table", () => {
  let db: EmbeddedDb;
  beforeAll(async () => {
    db = await sharedTestDb();
  }, 60_000);
  afterAll(() => closeSharedTestDb());

  it("claims a nonce once, gives it back, and forgets links past their expiry", async () => {
    const store = createPlanLinkStore(db);
    const soon = new Date(Date.now() + 60_000);
    expect(await store.claim("nonce-aaaaaaaaaaaaaaaaaa", "sub_1", soon)).toBe(true);
    expect(await store.claim("nonce-aaaaaaaaaaaaaaaaaa", "sub_1", soon)).toBe(false);
    await store.release("nonce-aaaaaaaaaaaaaaaaaa");
    expect(await store.claim("nonce-aaaaaaaaaaaaaaaaaa", "sub_1", soon)).toBe(true);
    await store.claim("nonce-bbbbbbbbbbbbbbbbbb", "sub_2", new Date(Date.now() - 1_000));
    await store.claim("nonce-cccccccccccccccccc", "sub_3", soon);
    const rows = await db.query<{ nonce: string }>(
      "select nonce from private.plan_link_uses order by nonce",
    );
    expect(rows.map((row) => row.nonce)).toEqual([
      "nonce-aaaaaaaaaaaaaaaaaa",
      "nonce-cccccccccccccccccc",
    ]);
  });
});
