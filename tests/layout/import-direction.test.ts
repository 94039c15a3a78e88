import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The import rule of ADR 017, run through ESLint as `npm run lint` runs it, over imports planted
// (by file path only; nothing is written) in the folders they would break. Each target exists,
// so a rule that stops resolving a path would let the planted import through and fail here.
const eslint = new ESLint();

async function importErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\n`, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === "boundaries/dependencies" || m.ruleId === "no-restricted-syntax")
    .map((message) => message.message);
}

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
      await importErrors("app/plans/probe.ts", staticImport("~/plans/billing/guarantee")),
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

  it("keeps the functions out of app/ and tests/", async () => {
    const from = "supabase/functions/feed-cadence/probe.ts";
    expect(await importErrors(from, staticImport("../../../app/plans/plans.ts"))).toEqual([
      expect.stringContaining("functions may not import plans"),
    ]);
    expect(await importErrors(from, typeImport("../../../tests/fakes/feed-fixtures.ts"))).toEqual([
      expect.stringContaining("functions may not import tests"),
    ]);
    expect(await importErrors(from, staticImport("../_shared/contract.ts"))).toEqual([]);
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
