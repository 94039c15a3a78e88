import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The direction rule of ADR 012, run through ESLint as `npm run lint` runs it, over snippets
// placed (by file path only; nothing is written) in the folders they would break.
const eslint = new ESLint();

async function importErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const probe = value;\n`, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === "no-restricted-imports")
    .map((message) => message.message);
}

describe("the import direction (ADR 012)", { timeout: 30_000 }, () => {
  it("stops lib/ from importing a domain folder", async () => {
    const errors = await importErrors(
      "app/lib/probe.ts",
      'import { plans as value } from "~/plans/plans";',
    );
    expect(errors).toEqual([expect.stringContaining("app/lib imports only from config, lib")]);
  });

  it("stops config/ from importing lib/", async () => {
    const errors = await importErrors(
      "app/config/probe.ts",
      'import { cn as value } from "~/lib/cn";',
    );
    expect(errors).toHaveLength(1);
  });

  it("stops plans/ from importing examples/, and a relative path from going around the rule", async () => {
    expect(
      await importErrors(
        "app/plans/probe.ts",
        'import { exampleAssets as value } from "~/examples/example-assets";',
      ),
    ).toHaveLength(1);
    expect(
      await importErrors("app/plans/probe.ts", 'import { cn as value } from "../lib/cn";'),
    ).toEqual([expect.stringContaining("through ~/")]);
  });

  it("lets a plan component use ui/ but no shared component", async () => {
    expect(
      await importErrors(
        "app/plans/components/probe.tsx",
        'import { Button as value } from "~/ui/button";',
      ),
    ).toEqual([]);
    expect(
      await importErrors(
        "app/plans/components/probe.tsx",
        'import { SiteHeader as value } from "~/components/layout/site-header";',
      ),
    ).toHaveLength(1);
  });

  it("lets site/ import the domains, and no folder but routes import a route", async () => {
    expect(
      await importErrors("app/site/probe.ts", 'import { plans as value } from "~/plans/plans";'),
    ).toEqual([]);
    expect(
      await importErrors("app/components/probe.tsx", 'import value from "~/routes/home";'),
    ).toHaveLength(1);
  });
});
