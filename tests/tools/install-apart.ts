import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";

/**
 * Installs one exact version of a tool into `.cache/<name>` (once), outside package.json, and
 * returns its package folder. For tools whose engines ask for a newer Node than the site supports
 * but which run on Node 20 (wrangler for `check:hosts`, ADR 008's Lighthouse for the bench), so
 * that `npm ci` and the site's `engines` stay honest.
 */
export function installApart(name: string, version: string): string {
  const cacheDir = join(".cache", name);
  const packageDir = resolve(cacheDir, "node_modules", name);
  const manifest = join(packageDir, "package.json");
  const installed = existsSync(manifest) && JSON.parse(readFileSync(manifest, "utf8")).version;
  if (installed !== version) {
    console.error(`installing ${name} ${version} into ${cacheDir}`);
    // No install scripts: binaries come as optional packages, and nothing may download from
    // anywhere but the registry.
    const npm = spawnSync(
      "npm",
      [
        "install",
        "--prefix",
        cacheDir,
        "--no-save",
        "--ignore-scripts",
        "--no-audit",
        "--no-fund",
        "--loglevel=error",
        `${name}@${version}`,
      ],
      { stdio: "inherit" },
    );
    if (npm.status !== 0) throw new Error(`npm could not install ${name}@${version}`);
  }
  return packageDir;
}
