import { spawn, type ChildProcess } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import postgres, { type Sql } from "postgres";
import { applyMigrations, readMigrations } from "../../server/migrations.ts";
import { freePort } from "../tools/free-port.ts";

// A real PostgreSQL server for the database tests: initdb on a throwaway directory, one server
// on a free loopback port, a migrated template that each test file copies into a database of
// its own. PGlite runs one statement at a time; only a real server shows row locks and
// `skip locked` meeting a second connection.

/** The migrated database every fresh one is copied from. */
const TEMPLATE = "castloop_migrated";

/** How long initdb and the server may take to start on a busy two-core machine. */
const START_TIMEOUT_MS = 60_000;

export interface RealPostgres {
  /** The server's own `postgres` database, as the superuser `postgres`. */
  url: string;
  /** The server's `select version()`. */
  version: string;
  /** A postgres.js client on `url`. */
  sql: Sql;
  /** Creates a database with every migration applied; returns its URL. */
  freshDatabase(): Promise<string>;
  /** Stops the server and deletes its data directory. */
  stop(): Promise<void>;
}

/** An unprivileged account to run the server as, when we are root (postgres refuses root). */
export interface RunAs {
  uid: number;
  gid: number;
  name: string;
}

/** Debian's newest /usr/lib/postgresql/<version>/bin, else the directory on PATH with initdb. */
export function postgresBinDir(): string | undefined {
  const debian = "/usr/lib/postgresql";
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((name) => /^\d+$/.test(name) && existsSync(join(debian, name, "bin", "postgres")))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0] !== undefined) return join(debian, versions[0], "bin");
  }
  return (process.env.PATH ?? "")
    .split(delimiter)
    .find(
      (dir) => dir !== "" && existsSync(join(dir, "initdb")) && existsSync(join(dir, "postgres")),
    );
}

/** Debian's pgbouncer, else one on PATH. */
export function pgbouncerPath(): string | undefined {
  const candidates = [
    "/usr/sbin/pgbouncer",
    ...(process.env.PATH ?? "").split(delimiter).map((dir) => join(dir, "pgbouncer")),
  ];
  return candidates.find((path) => path !== "pgbouncer" && existsSync(path));
}

/** Root runs the servers as `postgres` (Debian's package creates it) or else `nobody`. */
export function runAsForRoot(): RunAs | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const accounts = readFileSync("/etc/passwd", "utf8")
    .split("\n")
    .map((line) => line.split(":"))
    .filter((fields) => fields.length >= 4);
  for (const name of ["postgres", "nobody"]) {
    const fields = accounts.find((account) => account[0] === name);
    if (fields !== undefined) return { name, uid: Number(fields[2]), gid: Number(fields[3]) };
  }
  throw new Error("Running as root, and neither a `postgres` nor a `nobody` account exists.");
}

/** A directory in tmpdir that the server's account owns. */
export function ownedTempDir(prefix: string, runAs: RunAs | undefined): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  if (runAs !== undefined) chownSync(dir, runAs.uid, runAs.gid);
  return dir;
}

/** Runs a program to its end as `runAs`; rejects with its output when it fails. */
function run(command: string, args: string[], runAs: RunAs | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: ["ignore", "pipe", "pipe"],
      ...(runAs === undefined ? {} : { uid: runAs.uid, gid: runAs.gid }),
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("error", reject);
    child.once("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}:\n${output}`)),
    );
  });
}

/**
 * Starts a long-running program and resolves once a line of its output matches `ready`; if
 * it exits first or takes longer than the start timeout, rejects with what it printed.
 */
export function startUntil(
  command: string,
  args: string[],
  runAs: RunAs | undefined,
  ready: RegExp,
): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: ["ignore", "pipe", "pipe"],
      ...(runAs === undefined ? {} : { uid: runAs.uid, gid: runAs.gid }),
    });
    let output = "";
    let started = false;
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${command} did not start in ${START_TIMEOUT_MS} ms:\n${output}`));
    }, START_TIMEOUT_MS);
    const read = (chunk: Buffer) => {
      // Kept only until it is up: a server logs for as long as it runs.
      if (started) return;
      output += chunk.toString();
      if (ready.test(output)) {
        started = true;
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      if (!started) reject(new Error(`${command} exited with ${code} as it started:\n${output}`));
    });
  });
}

/** Signals a child and resolves when it has exited. */
export function stopChild(child: ChildProcess, signal: NodeJS.Signals = "SIGINT"): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill(signal);
  });
}

/** A database URL for `database` on the server at `url`. */
export function databaseUrl(url: string, database: string): string {
  const next = new URL(url);
  next.pathname = `/${database}`;
  return next.toString();
}

/** The project's migration runner (server/migrations.ts) on the database at `url`. */
export async function migrate(url: string): Promise<void> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await applyMigrations(
      {
        exec: async (text) => void (await sql.unsafe(text).simple()),
        query: async <T>(text: string, params: readonly unknown[] = []) =>
          [...(await sql.unsafe(text, params as never[]))] as T[],
      },
      await readMigrations(),
    );
  } finally {
    await sql.end({ timeout: 5 });
  }
}

let counter = 0;

/** A new database copied from the migrated template on the server at `adminUrl`. */
export async function freshDatabaseOn(adminUrl: string): Promise<string> {
  counter += 1;
  const name = `test_${process.pid}_${counter}_${Date.now().toString(36)}`;
  const sql = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await sql.unsafe(`create database ${name} template ${TEMPLATE}`);
  } finally {
    await sql.end({ timeout: 5 });
  }
  return databaseUrl(adminUrl, name);
}

/**
 * Starts PostgreSQL from `postgresBinDir()` on a fresh data directory and a free loopback port,
 * and makes the migrated template. Throws, saying how to install it, when there is none.
 */
export async function startRealPostgres(): Promise<RealPostgres> {
  const bin = postgresBinDir();
  if (bin === undefined) {
    throw new Error(
      "PostgreSQL was not found (initdb and postgres). Install it (Debian/Ubuntu: apt-get install postgresql) or put its bin directory on PATH.",
    );
  }
  const runAs = runAsForRoot();
  const dir = ownedTempDir("castloop-postgres-", runAs);
  const data = join(dir, "data");
  let server: ChildProcess | undefined;
  let sql: Sql | undefined;
  try {
    await run(
      join(bin, "initdb"),
      ["-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"],
      runAs,
    );
    const port = await freePort();
    server = await startUntil(
      join(bin, "postgres"),
      [
        "-D",
        data,
        "-p",
        String(port),
        "-c",
        "listen_addresses=127.0.0.1",
        // TCP only: no socket in /var/run/postgresql, which only Debian's own clusters may use.
        "-c",
        "unix_socket_directories=",
        // A throwaway server: nothing needs to survive a crash.
        "-c",
        "fsync=off",
        "-c",
        "synchronous_commit=off",
        "-c",
        "full_page_writes=off",
      ],
      runAs,
      /database system is ready to accept connections/,
    );
    const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    sql = postgres(url, { max: 4, onnotice: () => {} });
    const [row] = await sql<{ version: string }[]>`select version()`;
    await sql.unsafe(`create database ${TEMPLATE}`);
    await migrate(databaseUrl(url, TEMPLATE));

    const running = server;
    const client = sql;
    return {
      url,
      version: row?.version ?? "unknown",
      sql: client,
      freshDatabase: () => freshDatabaseOn(url),
      async stop() {
        await client.end({ timeout: 5 });
        await stopChild(running);
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await sql?.end({ timeout: 1 });
    if (server !== undefined) await stopChild(server, "SIGKILL");
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
