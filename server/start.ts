import { execSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

// `npm start`: build when the sources or the public configuration changed since the last
// build, then run the production server in the foreground.
const inputs = [
  "app",
  "content",
  "public",
  "react-router.config.ts",
  "vite.config.ts",
  "package-lock.json",
];
const stampFile = "build/.inputs-stamp";

function* files(path: string): Generator<string> {
  if (!existsSync(path)) return;
  if (statSync(path).isDirectory()) {
    for (const entry of readdirSync(path).sort()) yield* files(join(path, entry));
  } else {
    yield path;
  }
}

function inputStamp(): string {
  const hash = createHash("sha256");
  for (const input of inputs) {
    for (const file of files(input)) hash.update(`${file}\0${statSync(file).mtimeMs}\0`);
  }
  for (const [key, value] of Object.entries(process.env).sort()) {
    if (key.startsWith("VITE_") || key === "SITE_URL" || key === "PORT")
      hash.update(`${key}=${value}\0`);
  }
  return hash.digest("hex");
}

const stamp = inputStamp();
const built = existsSync("build/client/index.html") && existsSync(stampFile);
if (!built || readFileSync(stampFile, "utf8") !== stamp) {
  console.log("Building the site…");
  execSync("npm run build", { stdio: "inherit" });
  writeFileSync(stampFile, stamp);
}

await import("./main.ts");
