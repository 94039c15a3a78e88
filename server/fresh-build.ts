import { execSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { buildStamp } from "./build-stamp.ts";
import { loadEnv, type Vars } from "./env.ts";

const stampFile = "build/.inputs-stamp";

/**
 * Runs `npm run build` with `environment` unless build/ already holds a build of exactly these
 * inputs and public values, so `npm start` and every test entry build at most once between
 * changes. Returns whether it built.
 */
export function ensureFreshBuild(environment: Vars = process.env): boolean {
  const stamp = buildStamp(process.cwd(), loadEnv({ environment }).public);
  const built = existsSync("build/client/index.html") && existsSync(stampFile);
  if (built && readFileSync(stampFile, "utf8") === stamp) return false;
  // A build that stops halfway must not leave the previous stamp beside its output.
  rmSync(stampFile, { force: true });
  console.log("Building the site…");
  // A production build even when called from a test runner: Vitest sets NODE_ENV=test, under
  // which Vite bundles React's development build (60 KB more on every hydrated page).
  execSync("npm run build", {
    stdio: "inherit",
    env: { ...process.env, ...environment, NODE_ENV: "production" },
  });
  writeFileSync(stampFile, stamp);
  return true;
}
