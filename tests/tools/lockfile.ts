import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

interface LockPackage {
  version?: string;
  optionalDependencies?: Record<string, string>;
}
interface Lockfile {
  packages: Record<string, LockPackage>;
}

/**
 * Optional dependencies that the lock file names but does not hold. `npm install` skips a
 * platform binary that the registry lacks at that version and writes the lock anyway; `npm ci`
 * then refuses the lock on every machine. Returns "dependent → missing" lines.
 */
export function missingOptionalPackages(lock: Lockfile): string[] {
  const missing: string[] = [];
  for (const [path, pkg] of Object.entries(lock.packages)) {
    for (const name of Object.keys(pkg.optionalDependencies ?? {})) {
      // Node's resolution: the dependent's own node_modules, then each enclosing one.
      const candidates: string[] = [];
      let base = path;
      for (;;) {
        candidates.push(`${base ? `${base}/` : ""}node_modules/${name}`);
        const cut = base.lastIndexOf("node_modules/");
        if (cut < 0) break;
        base = base.slice(0, cut).replace(/\/$/, "");
      }
      if (!candidates.some((candidate) => candidate in lock.packages)) {
        missing.push(`${path || "(root)"} → ${name}`);
      }
    }
  }
  return missing;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const lock = JSON.parse(readFileSync("package-lock.json", "utf8")) as Lockfile;
  const missing = missingOptionalPackages(lock);
  if (missing.length > 0) {
    console.error(
      `package-lock.json names optional packages it does not hold, so \`npm ci\` would fail:\n  ${missing.join("\n  ")}\n` +
        "Pin the dependent to a version whose platform packages are all on the registry.",
    );
    process.exit(1);
  }
}
