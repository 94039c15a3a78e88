import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { loadEnv } from "../../server/env.ts";
import { serverEnvSchema } from "../../server/server-env.ts";

/** Who reads a variable: `build`, `server`, or a function's folder name. */
export type Readers = Map<string, Set<string>>;

/** Each variable's parsed default where a schema gives one (the build's and the server's). */
export type Defaults = Map<string, string>;

// The server reads these beside its own schema: site-url.ts resolves SITE_URL, and main.ts
// opens the functions' database (databaseUrlFromEnv).
const SERVER_READS_BESIDES_ITS_SCHEMA = ["SITE_URL", "DATABASE_URL", "SUPABASE_DB_URL"];

const ENV_EXPORT = /export const (\w*[eE]nv(?:Schema|Shape))\s*=/g;
const SHARED_IMPORT = /from\s+["']\.\.\/_shared\/([\w-]+\.ts)["']/g;

function add(readers: Readers, name: string, reader: string) {
  const set = readers.get(name) ?? new Set<string>();
  set.add(reader);
  readers.set(name, set);
}

/** The keys of a zod object schema, or of a plain shape object of zod types. */
function keysOf(value: unknown): string[] {
  if (typeof value !== "object" || value === null) return [];
  const shape = (value as { shape?: unknown }).shape;
  return Object.keys(typeof shape === "object" && shape !== null ? shape : value);
}

const sourceFiles = (dir: string) =>
  readdirSync(dir)
    .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts") && !file.endsWith(".d.ts"))
    .map((file) => join(dir, file));

/** The variables of every `…EnvSchema` / `…EnvShape` a file exports. */
async function envKeysIn(file: string, only?: RegExp): Promise<string[]> {
  const names = [...readFileSync(file, "utf8").matchAll(ENV_EXPORT)]
    .map((match) => match[1]!)
    .filter((name) => only === undefined || only.test(name));
  if (names.length === 0) return [];
  const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  return names.flatMap((name) => keysOf(module[name]));
}

/**
 * Every function folder's variables: the env schemas it defines, and the `_shared` env schemas
 * (not bare shapes, which a schema spreads) its files import. Found by reading the folders, so a
 * new function or variable appears without a list to update.
 */
async function functionReaders(root: string, readers: Readers): Promise<void> {
  const functionsDir = join(root, "supabase/functions");
  const sharedDir = join(functionsDir, "_shared");
  const sharedSchemas = new Map<string, string[]>();
  for (const file of sourceFiles(sharedDir)) {
    const keys = await envKeysIn(file, /Schema$/);
    if (keys.length > 0) sharedSchemas.set(relative(sharedDir, file), keys);
  }
  const folders = readdirSync(functionsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith("_") && entry.name !== "tests")
    .map((entry) => entry.name);
  for (const name of folders) {
    for (const file of sourceFiles(join(functionsDir, name))) {
      for (const key of await envKeysIn(file)) add(readers, key, name);
      for (const [, shared] of readFileSync(file, "utf8").matchAll(SHARED_IMPORT)) {
        for (const key of sharedSchemas.get(shared!) ?? []) add(readers, key, name);
      }
    }
  }
}

/**
 * The UPPER_CASE keys of every zod object and env shape written in a source, read as text: the
 * variables a schema declares, exported or not, so one the module hides cannot go unlisted.
 */
export function declaredNames(text: string): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(/z\.(?:strict)?[oO]bject\(\{|[eE]nvShape\s*=\s*\{/g)) {
    let depth = 1;
    let end = match.index + match[0].length;
    while (depth > 0 && end < text.length) {
      const char = text[end++];
      if (char === "{") depth++;
      else if (char === "}") depth--;
    }
    const body = text.slice(match.index + match[0].length, end - 1);
    for (const [, name] of body.matchAll(/^\s*([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[A-Z]{3,})\s*:/gm)) {
      names.push(name!);
    }
  }
  return names;
}

/** `file: NAME` for each variable a source declares that the schemas read no reader of. */
export function hiddenVariables(root: string, readers: Readers): string[] {
  const functionsDir = join(root, "supabase/functions");
  const dirs = [
    join(root, "app/config"),
    join(root, "server"),
    ...readdirSync(functionsDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name !== "tests")
      .map((entry) => join(functionsDir, entry.name)),
  ];
  return dirs.flatMap((dir) =>
    sourceFiles(dir).flatMap((file) =>
      declaredNames(readFileSync(file, "utf8"))
        .filter((name) => !readers.has(name))
        .map((name) => `${relative(root, file)}: ${name}`),
    ),
  );
}

const shown = (value: unknown) => (value === "" ? "empty" : `\`${String(value)}\``);

/**
 * Who reads each variable and the defaults the build's and the server's schemas give, by
 * parsing an empty environment (in an empty directory, so no `.env` is read).
 */
export async function readSchemas(
  root = process.cwd(),
): Promise<{ readers: Readers; defaults: Defaults }> {
  const readers: Readers = new Map();
  const defaults: Defaults = new Map();
  const empty = mkdtempSync(join(tmpdir(), "config-doc-"));
  try {
    const env = loadEnv({ cwd: empty, environment: {} });
    for (const [key, value] of Object.entries(env.public)) {
      add(readers, key, "build");
      defaults.set(key, shown(value));
    }
    for (const key of Object.keys(serverEnvSchema.shape)) add(readers, key, "server");
    for (const [key, value] of Object.entries(env.server)) {
      add(readers, key, "server");
      if (value !== undefined) defaults.set(key, shown(value));
    }
  } finally {
    rmSync(empty, { recursive: true, force: true });
  }
  for (const key of SERVER_READS_BESIDES_ITS_SCHEMA) add(readers, key, "server");
  await functionReaders(root, readers);
  const hidden = hiddenVariables(root, readers);
  if (hidden.length > 0) {
    throw new Error(
      `Variables declared in a schema docs:config cannot read: ${hidden.join(", ")}. Export a function's schema as …EnvSchema; give a build variable a default.`,
    );
  }
  return { readers, defaults };
}
