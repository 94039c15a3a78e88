import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  CONFIGURATION_DOC,
  permissionsTable,
  renderConfigurationDoc,
  variablesTable,
} from "./render";
import { declaredNames, readSchemas } from "./read-schemas";
import { stripeCalls } from "./stripe-permissions";

describe("docs/configuration.md", () => {
  it("is what npm run docs:config generates from the env schemas", async () => {
    const committed = readFileSync(CONFIGURATION_DOC, "utf8");
    // On a difference: run `npm run docs:config` and commit the result.
    expect(committed).toBe(await renderConfigurationDoc());
  });

  it("lists every variable each schema reads, with its readers", async () => {
    const { readers, defaults } = await readSchemas();
    expect([...readers.get("CHECKOUT_RATE_LIMIT")!]).toEqual(["create-checkout"]);
    // The e-mail settings come from the shared schema the function imports.
    expect([...readers.get("RESEND_API_KEY")!].sort()).toEqual([
      "manage-subscription",
      "stripe-webhook",
    ]);
    expect([...readers.get("SITE_URL")!].sort()).toEqual([
      "build",
      "create-checkout",
      "feed-cadence",
      "manage-subscription",
      "server",
      "stripe-webhook",
    ]);
    expect(defaults.get("HOST")).toBe("`127.0.0.1`");
    const doc = readFileSync(CONFIGURATION_DOC, "utf8");
    for (const name of readers.keys()) expect(doc).toContain(`| \`${name}\``);
  });

  it("names every variable in .env.example too, set or commented out", async () => {
    const { readers } = await readSchemas();
    const example = readFileSync(".env.example", "utf8");
    const missing = [...readers.keys()].filter(
      (name) => !new RegExp(`^(?:# )?${name}=`, "m").test(example),
    );
    expect(missing).toEqual([]);
  });

  it("refuses a variable a schema reads that has no description, and a description no schema reads", async () => {
    const { readers, defaults } = await readSchemas();
    const planted = new Map(readers).set("UNDESCRIBED_SETTING", new Set(["stripe-webhook"]));
    expect(() => variablesTable(planted, defaults)).toThrow(
      /UNDESCRIBED_SETTING is read by stripe-webhook/,
    );
    const dropped = new Map(readers);
    dropped.delete("FEED_RATE_LIMIT");
    expect(() => variablesTable(dropped, defaults)).toThrow(
      /FEED_RATE_LIMIT is described but no env schema reads it/,
    );
  });

  it("sees the variables of a schema its module does not export", () => {
    const hidden = `const webhookEnv = z.object({
      ...functionEnvShape,
      STRIPE_WEBHOOK_SECRET: optional(z.string().regex(/^whsec_[a-z]{2,}$/)),
      PORT: optional(portNumber),
    });
    const body = z.strictObject({ priceId: z.string() });`;
    expect(declaredNames(hidden)).toEqual(["STRIPE_WEBHOOK_SECRET", "PORT"]);
  });

  it("names the permission of every Stripe call the functions make, and refuses an unknown one", () => {
    const calls = stripeCalls();
    expect(calls.map((c) => `${c.fn} ${c.call}`)).toEqual(
      expect.arrayContaining([
        "create-checkout checkout.sessions.create",
        "create-checkout prices.retrieve",
        "manage-subscription refunds.create",
      ]),
    );
    expect(calls.every((c) => c.permission !== undefined)).toBe(true);
    expect(() =>
      permissionsTable([
        ...calls,
        { fn: "stripe-webhook", call: "webhookEndpoints.create", permission: undefined },
      ]),
    ).toThrow(/stripe\.webhookEndpoints\.create \(stripe-webhook\)/);
  });
});
