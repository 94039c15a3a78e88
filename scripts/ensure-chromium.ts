import { execSync } from "node:child_process";
import { existsSync } from "node:fs";
import { chromiumPath } from "../tests/e2e/chromium.ts";

// Browser tests use the system Chromium. Install Debian's package when we can; never download.
if (!existsSync(chromiumPath)) {
  const isRoot = process.getuid?.() === 0;
  const isDebian = existsSync("/etc/debian_version");
  if (process.env.CHROME_PATH || !isRoot || !isDebian) {
    console.error(
      `Chromium was not found at ${chromiumPath}. Install it (Debian/Ubuntu: apt-get install chromium) ` +
        "or set CHROME_PATH to a Chromium or Chrome binary, then run the tests again.",
    );
    process.exit(1);
  }
  console.log("Installing Chromium with apt-get (needed for the browser tests)…");
  execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium", {
    stdio: "inherit",
  });
}
