import { execSync } from "node:child_process";
import { existsSync } from "node:fs";
import { chromiumPath, headlessShellPath } from "../e2e/chromium.ts";

// The browser tests run in the system Chromium's headless shell, or in the full browser where the
// shell can't be installed; the bench (`--full`) in the full browser (ADR 011). Debian's packages
// are installed when we can; a browser is never downloaded.
const full = process.argv.includes("--full");
const canInstall = process.getuid?.() === 0 && existsSync("/etc/debian_version");

function install(debianPackage: string) {
  console.log(`Installing ${debianPackage} with apt-get…`);
  try {
    execSync(
      `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${debianPackage}`,
      { stdio: "inherit" },
    );
  } catch {
    console.error(`apt-get could not install ${debianPackage}.`);
  }
}

function stop(message: string): never {
  console.error(message);
  process.exit(1);
}

/** When the wanted browser is missing: the tests make do with the full one; else stop, saying how. */
function fallBack() {
  if (!full && existsSync(chromiumPath)) {
    console.log(
      `Running the browser tests in ${chromiumPath}; with ${headlessShellPath} ` +
        "(apt-get install chromium-headless-shell) they take about 40% less time.",
    );
    return;
  }
  stop(
    full
      ? `Chromium was not found at ${chromiumPath}. Install it (Debian/Ubuntu: apt-get install ` +
          "chromium) or set CHROME_PATH to a Chromium or Chrome binary."
      : `Neither ${headlessShellPath} nor ${chromiumPath} was found. Install one (Debian/Ubuntu: ` +
          "apt-get install chromium-headless-shell) or set CHROME_PATH to a Chromium or Chrome " +
          "binary, then run the tests again.",
  );
}

const wanted = full ? chromiumPath : headlessShellPath;
if (process.env.CHROME_PATH) {
  if (!existsSync(process.env.CHROME_PATH)) {
    stop(`CHROME_PATH names ${process.env.CHROME_PATH}, which does not exist.`);
  }
} else if (!existsSync(wanted)) {
  if (canInstall) install(full ? "chromium" : "chromium-headless-shell");
  if (!existsSync(wanted)) fallBack();
}
