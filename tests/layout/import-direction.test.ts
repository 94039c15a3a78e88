import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The import rule of ADR 017, run through ESLint as `npm run lint` runs it, over imports planted
// (by file path only; nothing is written) in the folders they would break. Each target exists,
// so a rule that stops resolving a path would let the planted import through and fail here.
const eslint = new ESLint();

async function ruleErrors(filePath: string, code: string, rules: string[]): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\n`, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId !== null && rules.includes(m.ruleId))
    .map((message) => message.message);
}

const importErrors = (filePath: string, code: string) =>
  ruleErrors(filePath, code, ["boundaries/dependencies", "no-restricted-syntax"]);

const staticImport = (from: string) => `import * as probe from "${from}";\nexport { probe };`;
const dynamicImport = (from: string) => `export const probe = () => import("${from}");`;
const typeImport = (from: string) => `export type Probe = typeof import("${from}");`;
const typeOnlyImport = (from: string) =>
  `import type * as probe from "${from}";\nexport type { probe };`;

describe("the import rule (ADR 017)", { timeout: 60_000 }, () => {
  it("stops an app/ folder from importing one to its right, however it imports", async () => {
    for (const plant of [staticImport, dynamicImport, typeImport, typeOnlyImport]) {
      expect(await importErrors("app/lib/probe.ts", plant("~/plans/plans"))).toEqual([
        expect.stringContaining("lib may not import plans"),
      ]);
    }
  });

  it("sees a relative path as well as ~/", async () => {
    expect(await importErrors("app/plans/probe.ts", staticImport("../site/pages.ts"))).toEqual([
      expect.stringContaining("plans may not import site"),
    ]);
  });

  it("lets a folder import those to its left and itself", async () => {
    expect(await importErrors("app/site/probe.ts", staticImport("~/plans/plans"))).toEqual([]);
    expect(
      await importErrors("app/plans/finder/probe.ts", staticImport("~/plans/billing/guarantee")),
    ).toEqual([]);
    expect(await importErrors("app/plans/probe.ts", staticImport("~/ui/button"))).toEqual([]);
  });

  it("keeps ui/ below the domains and components/ above them, with no special case", async () => {
    expect(await importErrors("app/ui/probe.ts", staticImport("~/plans/plans"))).toHaveLength(1);
    expect(
      await importErrors("app/plans/probe.ts", staticImport("~/components/layout/site-header")),
    ).toHaveLength(1);
    expect(
      await importErrors("app/components/probe.tsx", dynamicImport("~/routes/home")),
    ).toHaveLength(1);
  });

  it("governs the shell: root.tsx, routes.ts and entry.*", async () => {
    expect(
      await importErrors("app/root.tsx", staticImport("~/components/layout/site-header")),
    ).toEqual([]);
    for (const shell of ["app/root.tsx", "app/routes.ts", "app/entry.client.tsx"]) {
      expect(await importErrors(shell, staticImport("../server/env.ts"))).toEqual([
        expect.stringContaining("shell may not import server"),
      ]);
    }
    // Nothing in app/ imports the shell.
    expect(await importErrors("app/routes/probe.tsx", staticImport("~/root"))).toHaveLength(1);
  });

  it("lets app/ import the contract and nothing else outside it", async () => {
    const contract = "../../supabase/functions/_shared/contract.ts";
    expect(await importErrors("app/lib/probe.ts", staticImport(contract))).toEqual([]);
    for (const outside of [
      "../../supabase/functions/_shared/checkout-consent.ts",
      "../../server/env.ts",
      "../../scripts/rss.ts",
      "../../tests/fakes/fake-stripe.ts",
      "../../tools/feed-report.ts",
    ]) {
      expect(await importErrors("app/lib/probe.ts", dynamicImport(outside)), outside).toHaveLength(
        1,
      );
    }
  });

  it("keeps the rooms of app/plans in one direction", async () => {
    // catalog → billing → checkout | manage → finder → components: each against the direction.
    for (const [from, target, message] of [
      ["app/plans/probe.ts", "~/plans/finder/plan-finder", "plans may not import plans-finder"],
      ["app/plans/probe.ts", "./billing/guarantee", "plans may not import plans-billing"],
      [
        "app/plans/probe.ts",
        "~/plans/checkout/checkout-form",
        "plans may not import plans-checkout",
      ],
      [
        "app/plans/billing/probe.ts",
        "../finder/feed-finder",
        "plans-billing may not import plans-finder",
      ],
      [
        "app/plans/billing/probe.ts",
        "~/plans/checkout/checkout-messages",
        "plans-billing may not import plans-checkout",
      ],
      [
        "app/plans/billing/probe.ts",
        "~/plans/manage/manage-copy",
        "plans-billing may not import plans-manage",
      ],
      [
        "app/plans/checkout/probe.ts",
        "~/plans/finder/plan-finder",
        "plans-checkout may not import plans-finder",
      ],
      [
        "app/plans/checkout/probe.ts",
        "~/plans/manage/manage-copy",
        "plans-checkout may not import plans-manage",
      ],
      [
        "app/plans/manage/probe.ts",
        "~/plans/checkout/checkout-messages",
        "plans-manage may not import plans-checkout",
      ],
      [
        "app/plans/finder/probe.ts",
        "~/plans/manage/manage-copy",
        "plans-finder may not import plans-manage",
      ],
      [
        "app/plans/finder/probe.ts",
        "../components/pricing-section",
        "plans-finder may not import plans-components",
      ],
    ] as const) {
      for (const plant of [staticImport, dynamicImport, typeImport]) {
        expect(await importErrors(from, plant(target)), `${from} → ${target}`).toEqual([
          expect.stringContaining(message),
        ]);
      }
    }
  });

  it("lets each room of app/plans read the rooms before it", async () => {
    for (const [from, target] of [
      ["app/plans/billing/probe.ts", "~/plans/plans"],
      ["app/plans/checkout/probe.ts", "~/plans/billing/subscription-terms"],
      ["app/plans/manage/probe.ts", "~/plans/billing/subscription-terms"],
      ["app/plans/finder/probe.ts", "~/plans/checkout/checkout-messages"],
      ["app/plans/finder/probe.ts", "../billing/billing-rules"],
      ["app/plans/components/probe.tsx", "~/plans/finder/plan-finder"],
      ["app/plans/components/probe.tsx", "~/plans/manage/manage-copy"],
      ["app/site/probe.ts", "~/plans/finder/plan-finder"],
    ] as const) {
      expect(await importErrors(from, staticImport(target)), `${from} → ${target}`).toEqual([]);
    }
  });

  it("keeps the server-only packages out of app/", async () => {
    for (const pkg of [
      "postgres",
      "stripe",
      "hono",
      "undici",
      "@hono/node-server",
      "@electric-sql/pglite",
    ]) {
      for (const [from, plant] of [
        ["app/lib/probe.ts", staticImport],
        ["app/plans/checkout/probe.ts", dynamicImport],
        ["app/routes/probe.tsx", typeImport],
        ["app/root.tsx", staticImport],
        ["app/lib/probe.test.ts", staticImport],
      ] as const) {
        expect(await importErrors(from, plant(pkg)), `${pkg} in ${from}`).toEqual([
          expect.stringContaining(`may not import the server-only package ${pkg}`),
        ]);
      }
    }
    expect(await importErrors("app/lib/probe.ts", staticImport("react"))).toEqual([]);
    expect(await importErrors("server/probe.ts", staticImport("postgres"))).toEqual([]);
    expect(
      await importErrors("supabase/functions/create-checkout/probe.ts", staticImport("stripe")),
    ).toEqual([]);
  });

  it("keeps each function to itself and _shared", async () => {
    for (const [from, target, message] of [
      [
        "supabase/functions/manage-subscription/probe.ts",
        "../create-checkout/stripe.ts",
        "Function manage-subscription may not import function create-checkout",
      ],
      [
        "supabase/functions/create-checkout/probe.ts",
        "../manage-subscription/store.ts",
        "Function create-checkout may not import function manage-subscription",
      ],
      [
        "supabase/functions/feed-cadence/probe.ts",
        "../create-checkout/schema.ts",
        "Function feed-cadence may not import function create-checkout",
      ],
      // A function folder added later is an element of its own without a new line of config.
      [
        "supabase/functions/a-later-function/probe.ts",
        "../feed-cadence/budget.ts",
        "Function a-later-function may not import function feed-cadence",
      ],
      [
        "supabase/functions/_shared/probe.ts",
        "../create-checkout/schema.ts",
        "shared may not import functions",
      ],
    ] as const) {
      for (const plant of [staticImport, dynamicImport, typeImport]) {
        expect(await importErrors(from, plant(target)), `${from} → ${target}`).toEqual([
          expect.stringContaining(message),
        ]);
      }
    }
    const from = "supabase/functions/manage-subscription/probe.ts";
    expect(await importErrors(from, staticImport("./store.ts"))).toEqual([]);
    expect(await importErrors(from, staticImport("../_shared/stripe-settings.ts"))).toEqual([]);
  });

  it("fails a file that no element or file pattern names", async () => {
    for (const filePath of [
      "probe.ts",
      "supabase/probe.ts",
      "supabase/functions/probe.ts",
      // Joined so that the docs-reference check does not read it as a path that should exist.
      ["docs", "probe.ts"].join("/"),
    ]) {
      expect(
        await ruleErrors(filePath, "export const probe = 1;", ["boundaries/no-unknown-files"]),
        filePath,
      ).toHaveLength(1);
    }
    for (const filePath of [
      "vite.config.ts",
      "server/probe.ts",
      "tests/probe.ts",
      "tools/probe.ts",
      "scripts/probe.ts",
      "app/probe.ts",
      "tests/functions/probe.ts",
      "supabase/functions/a-later-function/probe.ts",
    ]) {
      expect(
        await ruleErrors(filePath, "export const probe = 1;", ["boundaries/no-unknown-files"]),
        filePath,
      ).toEqual([]);
    }
  });

  it("keeps the functions out of app/ and tests/", async () => {
    const from = "supabase/functions/feed-cadence/probe.ts";
    expect(await importErrors(from, staticImport("../../../app/plans/plans.ts"))).toEqual([
      expect.stringContaining("functions may not import plans"),
    ]);
    expect(await importErrors(from, typeImport("../../../tests/fakes/feed-fixtures.ts"))).toEqual([
      expect.stringContaining("functions may not import tests"),
    ]);
    expect(await importErrors(from, staticImport("../_shared/contract.ts"))).toEqual([]);
    // Test support has one home, tests/: a folder beside the functions is a function, walled off.
    expect(
      await importErrors(
        "supabase/functions/tests/probe-test.ts",
        staticImport("../../../tests/db/test-db.ts"),
      ),
    ).toEqual([expect.stringContaining("functions may not import tests")]);
  });

  it("lets nothing but tests import tests/ or a test file", async () => {
    for (const [from, target] of [
      ["server/probe.ts", "../tests/fakes/test-files.ts"],
      ["scripts/probe.ts", "../tests/e2e/chromium.ts"],
      ["tools/probe.ts", "../tests/fakes/fixture-network.ts"],
      ["app/plans/probe.ts", "./plan-comparison.test.ts"],
    ] as const) {
      expect(await importErrors(from, staticImport(target)), from).toHaveLength(1);
    }
    expect(
      await importErrors("server/probe.test.ts", staticImport("../tests/fakes/test-files.ts")),
    ).toEqual([]);
    expect(await importErrors("tests/bench/probe.ts", staticImport("../e2e/chromium.ts"))).toEqual(
      [],
    );
  });

  it("keeps the contract free of imports", async () => {
    expect(
      await importErrors("supabase/functions/_shared/contract.ts", staticImport("./env.ts")),
    ).toEqual([expect.stringContaining("The contract imports nothing")]);
  });
});
