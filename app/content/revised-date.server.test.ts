import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { siteLegalTokens } from "~/data/legal-tokens";
import { getLegalFrontmatter } from "./legal.server";
import { fixedTokenSources, siteTokenSources, tokenSourceModules } from "./legal-token-sources";
import { revisedDate, systemSources, type RevisedDateSources } from "./revised-date.server";

/** `module` and every project module it imports at run time, following their imports too. */
function localImports(module: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, "utf8");
    for (const [, spec] of text.matchAll(/^import (?!type )[^;]*?from "([^"]+)";/gms)) {
      if (!spec!.startsWith("~/") && !spec!.startsWith(".")) continue;
      const base = spec!.startsWith("~/")
        ? `app/${spec!.slice(2)}`
        : join(dirname(file), spec!).replace(/\\/g, "/");
      const path = [base, `${base}.ts`, `${base}.tsx`].find(
        (candidate) => existsSync(candidate) && candidate.match(/\.tsx?$/),
      );
      if (path !== undefined) visit(path);
    }
  };
  visit(module);
  return [...seen].sort();
}

const sources = (over: Partial<RevisedDateSources>): RevisedDateSources => ({
  gitDate: () => null,
  changedSinceCommit: () => false,
  modifiedDate: () => null,
  ...over,
});

describe("a legal page's revised date", () => {
  it("is the last commit that changed the file", () => {
    const git = sources({ gitDate: () => "2026-11-20", modifiedDate: () => "2026-11-27" });
    expect(revisedDate("content/legal/terms.md", "2025-04-18", git)).toBe("2026-11-20");
  });

  it("is the file's modification date for an edit not yet committed", () => {
    const edited = sources({
      gitDate: () => "2026-11-20",
      changedSinceCommit: () => true,
      modifiedDate: () => "2026-11-27",
    });
    expect(revisedDate("content/legal/terms.md", "2025-04-18", edited)).toBe("2026-11-27");
  });

  it("falls back to the modification date without git, as in a tarball", () => {
    const tarball = sources({ modifiedDate: () => "2026-10-02" });
    expect(revisedDate("content/legal/terms.md", "2025-04-18", tarball)).toBe("2026-10-02");
  });

  it("is never before the page's Last updated date, nor missing", () => {
    const packed = sources({ modifiedDate: () => "1985-10-26" });
    expect(revisedDate("content/legal/terms.md", "2025-04-18", packed)).toBe("2025-04-18");
    expect(revisedDate("content/legal/terms.md", "2025-04-18", sources({}))).toBe("2025-04-18");
  });

  it("reads this checkout's git history for the real files", () => {
    const date = systemSources.gitDate("content/legal/terms.md");
    expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(systemSources.gitDate("content/legal/no-such-page.md")).toBeNull();
    expect(systemSources.modifiedDate("content/legal/terms.md")).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("moves when a module whose words the page's tokens quote changes", () => {
    const terms = "content/legal/terms.md";
    const files = [terms, ...tokenSourceModules([readFileSync(terms, "utf8")])];
    expect(files).toContain("app/config/legal-entity.ts");
    expect(files).toContain("app/plans/plans.ts");
    const renamed = sources({
      gitDate: (file) => (file === "app/config/legal-entity.ts" ? "2026-12-01" : "2026-11-20"),
    });
    expect(revisedDate(files, "2025-04-18", renamed)).toBe("2026-12-01");
    const edited = sources({
      gitDate: () => "2026-11-20",
      changedSinceCommit: (file) => file === "app/plans/plans.ts",
      modifiedDate: () => "2026-12-02",
    });
    expect(revisedDate(files, "2025-04-18", edited)).toBe("2026-12-02");
  });

  it("is, for a real page, the latest change among its file and its tokens' modules", () => {
    const file = "content/legal/cookies.md";
    const modules = tokenSourceModules([readFileSync(file, "utf8")]);
    expect(modules).toContain("app/config/legal-entity.ts");
    const dates = [file, ...modules].map((f) => revisedDate(f, "2025-04-18"));
    expect(getLegalFrontmatter("cookies").revised).toBe(dates.sort().at(-1));
  });
});

describe("the modules behind the legal pages' tokens", () => {
  it("are listed for every token a build fills, and exist", () => {
    expect(Object.keys(siteTokenSources).sort()).toEqual(Object.keys(siteLegalTokens()).sort());
    for (const modules of [...Object.values(fixedTokenSources), ...Object.values(siteTokenSources)])
      for (const module of modules) expect(existsSync(module), module).toBe(true);
  });

  it("include every module the token modules import, so no word can change under an old date", () => {
    // The values env.ts reads come from the environment at build time, not from a file in git.
    const fromEnvironment = new Set(["app/config/env.ts"]);
    const groups: [string, readonly string[]][] = [
      ["app/plans/billing/billing-rules.ts", siteTokenSources.prices],
      ["app/config/site.ts", siteTokenSources.supportEmail],
      ["app/data/legal-tokens.ts", [...siteTokenSources.thirdParties, ...siteTokenSources.prices]],
      ["app/config/legal-entity.ts", fixedTokenSources.legalEntity],
    ];
    for (const [module, listed] of groups) {
      const missing = localImports(module).filter(
        (file) => !listed.includes(file) && !fromEnvironment.has(file),
      );
      expect(missing, module).toEqual([]);
    }
  });

  it("leave no token unknown", () => {
    expect(() => tokenSourceModules(["{{nope}}"])).toThrow("Unknown content token {{nope}}");
    expect(tokenSourceModules(["{{brand}} and {{legalEntity}}"])).toEqual([
      "app/config/brand.ts",
      "app/config/legal-entity.ts",
      "supabase/functions/_shared/contract.ts",
    ]);
  });
});
