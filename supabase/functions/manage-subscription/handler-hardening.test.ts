import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { EmbeddedDb } from "../../../server/embedded-db.ts";
import { clearManageState, testRequestStore } from "../../../tests/db/manage-store.ts";
import { closeSharedTestDb, sharedTestDb } from "../../../tests/db/test-db.ts";
import { memoryBilling, memoryMailer } from "../../../tests/fakes/manage-doubles.ts";
import { createManageHandler, KEEP_ANSWER, MESSAGES } from "./handler.ts";
import { keepLinkExpiry, signKeepToken } from "./link-token.ts";

// What the security reviews asked of the handler: prototype keys, no refusal keyed on an
// address, names that hide text or carry a link, undo links bound to their cancellation, and
// faults no step expected. The real request store, on PGlite.

const SITE = "https://castloop.test";
const ENDPOINT = "https://fn.castloop.test/functions/v1/manage-subscription";
const SECRET = "a-test-secret-that-is-long-enough-for-hmac";

let db: EmbeddedDb;
beforeAll(async () => {
  db = await sharedTestDb();
}, 60_000);
beforeEach(() => clearManageState(db));
afterAll(() => closeSharedTestDb());

function setup() {
  const billing = memoryBilling();
  const mailer = memoryMailer();
  const store = testRequestStore(db);
  const logs: string[] = [];
  const pending: Promise<unknown>[] = [];
  const handler = createManageHandler({
    billing,
    mailer,
    store,
    linkSecret: SECRET,
    siteUrl: SITE,
    allowedOrigins: [SITE],
    email: { brand: "Castloop", siteUrl: SITE, supportEmail: "support@castloop.test" },
    log: (line: string) => logs.push(line),
    floorMs: 0,
    waitUntil: (work: Promise<unknown>) => pending.push(work),
  });
  const settle = async () => {
    while (pending.length > 0) await pending.shift();
  };
  return { handler, billing, mailer, store, logs, settle };
}

const postJson = (body: unknown) =>
  new Request(ENDPOINT, {
    method: "POST",
    headers: { "content-type": "application/json", origin: SITE },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

const postForm = (fields: Record<string, string> | string) =>
  new Request(ENDPOINT, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: SITE },
    body: new URLSearchParams(fields).toString(),
  });

const withdrawal = {
  action: "withdraw",
  name: "Ada Lovelace",
  email: "ada@example.com",
  confirmTo: "ada@example.com",
};

describe("prototype keys", () => {
  const keys = [
    "constructor",
    "__proto__",
    "toString",
    "hasOwnProperty",
    "valueOf",
    "isPrototypeOf",
  ];

  it.each(keys)(
    "answers action=%s in a form with a 303 to the cancel page's notice",
    async (key) => {
      const { handler, store, billing } = setup();
      const response = await handler(postForm({ action: key, email: "ada@example.com" }));
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe(`${SITE}/cancel#error-invalid_body`);
      expect((await store.rows()).length).toBe(0);
      expect(billing.calls).toEqual([]);
    },
  );

  it.each(keys)("answers action=%s as JSON with 400 invalid_action", async (key) => {
    const { handler } = setup();
    const response = await handler(postJson({ action: key, email: "ada@example.com" }));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      code: "invalid_action",
      error: MESSAGES.invalid_action,
    });
  });

  it("treats a field named after a prototype key as an unknown field", async () => {
    const { handler } = setup();
    for (const name of ["__proto__", "constructor", "toString"]) {
      const form = await handler(postForm(`action=withdraw&${name}=x&email=a%40example.com`));
      expect(form.headers.get("location")).toBe(`${SITE}/withdraw#error-invalid_body`);
      const json = await handler(
        postJson(`{"action":"cancel","email":"a@example.com","${name}":{"action":"keep"}}`),
      );
      expect((await json.json()).code).toBe("unknown_field");
    }
  });
});

describe("requests naming one mailbox", () => {
  it("are all recorded and acted on, and Stripe is asked about each address as typed", async () => {
    const { handler, billing, store, settle } = setup();
    const first = await handler(postJson({ action: "cancel", email: "a+1@x.com" }));
    const second = await handler(postJson({ action: "cancel", email: "A+2@x.com" }));
    const other = await handler(postJson({ action: "cancel", email: "b+1@x.com" }));
    await settle();
    expect([first.status, second.status, other.status]).toEqual([200, 200, 200]);
    expect(first.headers.get("retry-after")).toBeNull();
    expect((await store.rows()).map((row) => row.email)).toEqual([
      "a+1@x.com",
      "A+2@x.com",
      "b+1@x.com",
    ]);
    // Billing is asked about the address as typed (its Stripe adapter also tries it
    // lower-cased), never the folded mailbox.
    expect(
      billing.calls.filter((c) => c.op === "find").map((c) => c.op === "find" && c.email),
    ).toEqual(["a+1@x.com", "A+2@x.com", "b+1@x.com"]);
  });

  it("sends the acknowledgment to the confirmation address as typed", async () => {
    const { handler, mailer, settle } = setup();
    await handler(postJson({ ...withdrawal, confirmTo: "Ada+Receipts@Example.org" }));
    await settle();
    expect(mailer.sent.find((m) => m.kind === "withdrawal_receipt")?.to).toBe(
      "Ada+Receipts@Example.org",
    );
  });
});

describe("names and addresses that hide text", () => {
  const hidden = {
    "a right-to-left override": "Ada\u202Eecalevol",
    "a left-to-right embedding": "Ada\u202ALovelace",
    "a pop directional formatting": "Ada\u202C",
    "a first-strong isolate": "\u2068Ada\u2069",
    "a right-to-left isolate": "Ada \u2067Lovelace",
    "a zero-width space": "Ada\u200BLovelace",
    "a zero-width joiner": "Ada\u200DLovelace",
    "a right-to-left mark": "Ada\u200F",
    "a byte-order mark inside": "Ada\uFEFFLovelace",
    "a soft hyphen": "Love\u00ADlace",
    "a word joiner": "Ada\u2060Lovelace",
    "a line feed": "Ada\nBcc: x@y.z",
    "a carriage return": "Ada\rBcc: x@y.z",
    "a tab": "Ada\tLovelace",
    "a NUL": "Ada\u0000",
    "a C1 next line": "Ada\u0085Lovelace",
    "a line separator": "Ada\u2028Lovelace",
    "a paragraph separator": "Ada\u2029Lovelace",
    DEL: "Ada\u007F",
  };

  it.each(Object.entries(hidden))("refuses a name with %s", async (_what, name) => {
    const { handler, store } = setup();
    const response = await handler(postJson({ ...withdrawal, name }));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ code: "invalid_name", error: MESSAGES.invalid_name });
    expect((await store.rows()).length).toBe(0);
  });

  it("sends a form with such a name back to the withdrawal page's notice", async () => {
    const { handler } = setup();
    const response = await handler(postForm({ ...withdrawal, name: "Ada\u202Eecalevol" }));
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`${SITE}/withdraw#error-invalid_name`);
  });

  it.each([
    "Card declined: update it at https://pay.example",
    "see www.example.com",
    "Ada (ada@example.com)",
    "Ada Lovelace example.com",
    "Ada pay-now.example",
    "Ada ｅｘａｍｐｌｅ．ｃｏｍ",
  ])("refuses a name that carries a web address: %s", async (name) => {
    const { handler, store } = setup();
    const response = await handler(postJson({ ...withdrawal, name }));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      code: "name_has_address",
      error: MESSAGES.name_has_address,
    });
    expect((await store.rows()).length).toBe(0);
    const form = await handler(postForm({ ...withdrawal, name }));
    expect(form.headers.get("location")).toBe(`${SITE}/withdraw#error-name_has_address`);
  });

  it("takes names with initials and dots followed by a space", async () => {
    const { handler, settle } = setup();
    for (const name of ["J. R. R. Tolkien", "Dr. Ada Lovelace", "Martin Luther King Jr."]) {
      expect((await handler(postJson({ ...withdrawal, name }))).status).toBe(200);
    }
    await settle();
  });

  it("sends another mailbox a receipt with the name's letters only and no checkout address", async () => {
    const { handler, mailer, settle } = setup();
    await handler(
      postJson({
        ...withdrawal,
        name: "Ada <b>Lovelace</b> 0800 123 456!",
        email: "victim@example.com",
        confirmTo: "stranger@example.org",
      }),
    );
    await settle();
    const receipt = mailer.sent.find((m) => m.kind === "withdrawal_receipt");
    expect(receipt?.to).toBe("stranger@example.org");
    expect(receipt?.text).toContain("Name: Ada b Lovelace b");
    expect(receipt?.text).not.toMatch(/<b>|0800|456!|victim/);
    expect(receipt?.html).not.toContain("victim");
  });

  it("takes names in any script, with accents and apostrophes", async () => {
    const { handler, settle } = setup();
    for (const name of ["Zoë O'Brien-Łukasiewicz", "محمد بن موسى", "李小龍", "Ngũgĩ wa Thiong'o"]) {
      expect((await handler(postJson({ ...withdrawal, name }))).status).toBe(200);
    }
    await settle();
  });

  it("takes the joiners that spell a name in Persian or an Indic script", async () => {
    const { handler, settle } = setup();
    // Persian writes a ZWNJ inside many surnames; Devanagari uses a ZWJ for a half form.
    for (const name of [
      "\u0645\u0647\u062f\u06cc\u200c\u0632\u0627\u062f\u0647",
      "\u0915\u094d\u200d\u0937\u093e",
    ]) {
      const response = await handler(postJson({ ...withdrawal, name }));
      expect(response.status).toBe(200);
    }
    await settle();
  });

  it.each([
    ["a zero-width space", "ada\u200B@example.com"],
    ["a right-to-left override", "ada@exa\u202Emple.com"],
    ["a NUL", "ada\u0000@example.com"],
  ])("refuses an address with %s", async (_what, email) => {
    const { handler, store } = setup();
    const cancel = await handler(postJson({ action: "cancel", email }));
    expect((await cancel.json()).code).toBe("invalid_email");
    const confirm = await handler(postJson({ ...withdrawal, confirmTo: email }));
    expect((await confirm.json()).code).toBe("invalid_confirm_to");
    expect((await store.rows()).length).toBe(0);
  });
});

describe("the undo link", () => {
  async function cancelThrough(context: ReturnType<typeof setup>) {
    await context.handler(postJson({ action: "cancel", email: "ada@example.com" }));
    await context.settle();
    const text = context.mailer.sent.at(-1)?.text ?? "";
    return decodeURIComponent(/\/cancel\/keep\?token=(\S+)/.exec(text)?.[1] ?? "");
  }

  it("is refused once the subscription was kept and canceled again; the new one works", async () => {
    const context = setup();
    const { handler, billing } = context;
    const mine = billing.add({ customerEmail: "ada@example.com" });
    const first = await cancelThrough(context);
    expect((await handler(postJson({ action: "keep", token: first }))).status).toBe(200);
    const second = await cancelThrough(context);
    expect(second).not.toBe(first);
    expect(billing.subscriptions.get(mine.id)?.cancelAtPeriodEnd).toBe(true);
    billing.calls.length = 0;

    const stale = await handler(postJson({ action: "keep", token: first }));
    expect(stale.status).toBe(410);
    expect(await stale.json()).toEqual({
      code: "link_superseded",
      error: MESSAGES.link_superseded,
    });
    const staleForm = await handler(postForm({ action: "keep", token: first }));
    expect(staleForm.status).toBe(303);
    expect(staleForm.headers.get("location")).toBe(
      `${SITE}/cancel/keep?token=${first}#error-link_superseded`,
    );
    expect(billing.calls).toEqual([]);
    expect(billing.subscriptions.get(mine.id)?.cancelAtPeriodEnd).toBe(true);

    const kept = await handler(postJson({ action: "keep", token: second }));
    expect(await kept.json()).toEqual({ status: "kept", message: KEEP_ANSWER });
    expect(billing.subscriptions.get(mine.id)?.cancelAtPeriodEnd).toBe(false);
  });

  it("answers kept each time the same link is used, changing nothing more", async () => {
    const context = setup();
    const mine = context.billing.add({ customerEmail: "ada@example.com" });
    const token = await cancelThrough(context);
    for (let use = 0; use < 3; use += 1) {
      const response = await context.handler(postJson({ action: "keep", token }));
      expect(await response.json()).toEqual({ status: "kept", message: KEEP_ANSWER });
    }
    expect(context.billing.subscriptions.get(mine.id)?.cancelAtPeriodEnd).toBe(false);
    // The cancellation, then the same harmless "keep" each time: never a second cancellation.
    expect(context.billing.calls.flatMap((c) => (c.op === "update" ? [c.value] : []))).toEqual([
      true,
      false,
      false,
      false,
    ]);
  });

  it("refuses a correctly signed link that names another cancellation of the subscription", async () => {
    const context = setup();
    const mine = context.billing.add({ customerEmail: "ada@example.com" });
    await cancelThrough(context);
    const elsewhere = await signKeepToken(
      SECRET,
      mine.id,
      "00000000-0000-4000-8000-0000000000ff",
      keepLinkExpiry(new Date()),
    );
    const response = await context.handler(postJson({ action: "keep", token: elsewhere }));
    expect(response.status).toBe(410);
    expect((await response.json()).code).toBe("link_superseded");
  });

  it("refuses a link altered in the cancellation it names", async () => {
    const context = setup();
    context.billing.add({ customerEmail: "ada@example.com" });
    const token = await cancelThrough(context);
    const altered = token.replace(/\.[0-9a-f-]{36}\./, ".00000000-0000-4000-8000-0000000000ff.");
    expect(altered).not.toBe(token);
    const response = await context.handler(postJson({ action: "keep", token: altered }));
    expect(response.status).toBe(400);
    expect((await response.json()).code).toBe("invalid_link");
  });
});

describe("a fault no step expected", () => {
  function broken() {
    const context = setup();
    context.store.record = async () => {
      throw new TypeError("Cannot read properties of undefined (reading 'id')");
    };
    return context;
  }

  it.each([
    ["cancel", { action: "cancel", email: "ada@example.com" }, "/cancel"],
    ["withdraw", withdrawal, "/withdraw"],
  ])("sends a %s form back to its page's notice with a 303", async (_what, fields, path) => {
    const { handler, logs } = broken();
    const response = await handler(postForm(fields));
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`${SITE}${path}#error-internal_error`);
    expect(await response.text()).toBe("");
    const line = logs.map((l) => JSON.parse(l)).find((l) => l.event === "manage_internal_error");
    expect(line).toMatchObject({ level: "error", errorName: "TypeError" });
    expect(line.stack).toContain("TypeError");
  });

  it("sends a keep form back to the keep page, with its link", async () => {
    const context = setup();
    context.billing.add({ customerEmail: "ada@example.com" });
    await context.handler(postJson({ action: "cancel", email: "ada@example.com" }));
    await context.settle();
    const token = decodeURIComponent(
      /\/cancel\/keep\?token=(\S+)/.exec(context.mailer.sent[0]?.text ?? "")?.[1] ?? "",
    );
    context.store.latestCancellation = async () => {
      throw new TypeError("boom");
    };
    const response = await context.handler(postForm({ action: "keep", token }));
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(
      `${SITE}/cancel/keep?token=${token}#error-internal_error`,
    );
  });

  it("answers a script with a JSON 500 and a generic message, never the error", async () => {
    const { handler } = broken();
    const response = await handler(postJson({ action: "cancel", email: "ada@example.com" }));
    expect(response.status).toBe(500);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ code: "internal_error", error: MESSAGES.internal_error });
    expect(text).not.toMatch(/TypeError|undefined|at /);
  });

  it("still answers a database outage with 503 and Retry-After, on the page for a form", async () => {
    const { handler, store } = setup();
    store.down = true;
    const response = await handler(postForm({ action: "cancel", email: "ada@example.com" }));
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`${SITE}/cancel#error-database_unavailable`);
    expect(response.headers.get("retry-after")).toBe("30");
  });
});
