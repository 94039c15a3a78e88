import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { missingOptionalPackages } from "./lockfile.ts";

describe("missingOptionalPackages", () => {
  it("finds an optional platform package the lock names but does not hold", () => {
    const lock = {
      packages: {
        "": {},
        "node_modules/tool": {
          version: "1.0.0",
          optionalDependencies: { "@tool/linux-x64": "1.0.0", "@tool/darwin-arm64": "1.0.0" },
        },
        "node_modules/@tool/linux-x64": { version: "1.0.0" },
      },
    };
    expect(missingOptionalPackages(lock)).toEqual(["node_modules/tool → @tool/darwin-arm64"]);
  });

  it("accepts a package nested under its dependent or hoisted above it", () => {
    const lock = {
      packages: {
        "node_modules/a/node_modules/tool": { optionalDependencies: { nested: "1", hoisted: "1" } },
        "node_modules/a/node_modules/tool/node_modules/nested": {},
        "node_modules/hoisted": {},
      },
    };
    expect(missingOptionalPackages(lock)).toEqual([]);
  });

  it("holds for this project's own lock file", () => {
    const lock = JSON.parse(readFileSync("package-lock.json", "utf8"));
    expect(missingOptionalPackages(lock)).toEqual([]);
  });
});
