import { execSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { buildStamp } from "./build-stamp.ts";
import { loadEnvOrExit } from "./env.ts";

// `npm start`: build when anything that goes into the build changed since the last build, then
// run the production server in the foreground.
const env = loadEnvOrExit();
const stampFile = "build/.inputs-stamp";
const stamp = buildStamp(process.cwd(), env.public);
const built = existsSync("build/client/index.html") && existsSync(stampFile);
if (!built || readFileSync(stampFile, "utf8") !== stamp) {
  console.log("Building the site…");
  execSync("npm run build", { stdio: "inherit" });
  writeFileSync(stampFile, stamp);
}

await import("./main.ts");
