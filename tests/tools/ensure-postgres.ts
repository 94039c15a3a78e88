import { execSync } from "node:child_process";
import { existsSync } from "node:fs";
import { pgbouncerPath, postgresBinDir } from "../db/real-postgres.ts";

// The database tests start a real PostgreSQL server, and the pooler test a PgBouncer in front
// of it (tests/db/). Debian's packages are installed when we can (root on Debian), as the
// browser is (ensure-chromium.ts); otherwise this stops and says what to install.
const canInstall = process.getuid?.() === 0 && existsSync("/etc/debian_version");

const missing = [
  ...(postgresBinDir() === undefined ? ["postgresql"] : []),
  ...(pgbouncerPath() === undefined ? ["pgbouncer"] : []),
];

if (missing.length > 0 && canInstall) {
  console.log(`Installing ${missing.join(" and ")} with apt-get…`);
  try {
    execSync(
      `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(" ")}`,
      { stdio: "inherit" },
    );
  } catch {
    console.error(`apt-get could not install ${missing.join(" and ")}.`);
  }
}

if (postgresBinDir() === undefined || pgbouncerPath() === undefined) {
  console.error(
    "The database tests need PostgreSQL (initdb, postgres) and PgBouncer. Install them " +
      "(Debian/Ubuntu: apt-get install postgresql pgbouncer; elsewhere put their bin " +
      "directories on PATH), then run the tests again.",
  );
  process.exit(1);
}
