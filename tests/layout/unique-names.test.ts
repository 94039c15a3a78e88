import { readdirSync } from "node:fs";
import { basename } from "node:path";
import { describe, expect, it } from "vitest";

/** Every .ts/.tsx file under app/, as paths from the project root. */
function appModules(): string[] {
  return readdirSync("app", { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => `app/${file}`);
}

/** Names used by more than one module, each with the paths that use it. */
function sharedNames(paths: readonly string[]): Record<string, string[]> {
  const byName = new Map<string, string[]>();
  for (const path of paths) {
    const name = basename(path).replace(/\.tsx?$/, "");
    byName.set(name, [...(byName.get(name) ?? []), path]);
  }
  return Object.fromEntries([...byName].filter(([, list]) => list.length > 1));
}

describe("module names in app/ (ADR 012)", () => {
  it("finds a name two folders share, whatever the extension", () => {
    expect(
      sharedNames(["app/lib/plan-claims.ts", "app/data/plan-claims.tsx", "app/lib/cn.ts"]),
    ).toEqual({ "plan-claims": ["app/lib/plan-claims.ts", "app/data/plan-claims.tsx"] });
  });

  it("are each used once, so a name finds one file", () => {
    const modules = appModules();
    expect(modules.length).toBeGreaterThan(100);
    expect(sharedNames(modules)).toEqual({});
  });
});
