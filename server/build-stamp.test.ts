import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parsePublicEnv } from "../app/config/env-schema.ts";
import { buildInputs, buildStamp } from "./build-stamp.ts";

const dir = mkdtempSync(join(tmpdir(), "castloop-stamp-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const publicEnv = parsePublicEnv({ SITE_URL: "http://localhost:3000" });

describe("buildStamp (npm start's rebuild check)", () => {
  it("changes when any build input changes, .env and scripts included", () => {
    for (const input of buildInputs) {
      const file = input.includes(".") ? join(dir, input) : join(dir, input, "nested", "file.ts");
      mkdirSync(join(file, ".."), { recursive: true });
      writeFileSync(file, "one");
      const before = buildStamp(dir, publicEnv);
      writeFileSync(file, "two");
      expect(buildStamp(dir, publicEnv), input).not.toBe(before);
    }
    for (const input of ["scripts", ".env", "app", "content", "public", "package-lock.json"]) {
      expect(buildInputs).toContain(input);
    }
  });

  it("changes when the environment changes a public value, and not otherwise", () => {
    const same = buildStamp(dir, publicEnv);
    expect(buildStamp(dir, publicEnv)).toBe(same);
    const other = parsePublicEnv({ SITE_URL: "https://castloop.example" });
    expect(buildStamp(dir, other)).not.toBe(same);
  });
});
