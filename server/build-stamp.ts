import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { PublicEnv } from "../app/config/env-schema.ts";
import { filesUnder } from "./files.ts";

/** Everything that goes into a build: sources, the scripts that finish it, config and .env. */
export const buildInputs = [
  "app",
  "content",
  "public",
  "scripts",
  "server",
  "supabase/functions",
  ".env",
  "package-lock.json",
  "react-router.config.ts",
  "vite.config.ts",
  "tsconfig.json",
] as const;

/** A hash of the inputs' contents and of the public values a build would inline. */
export function buildStamp(cwd: string, publicEnv: PublicEnv): string {
  const hash = createHash("sha256");
  for (const input of buildInputs) {
    for (const file of filesUnder(join(cwd, input))) {
      hash.update(`${file.slice(cwd.length)}\0`).update(readFileSync(file));
    }
  }
  // The environment can override .env, so the resolved values count too.
  hash.update(JSON.stringify(publicEnv));
  return hash.digest("hex");
}
