import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import {
  createPostgresDb,
  DatabaseUnavailableError,
  isUnavailableError,
  type Db,
} from "../supabase/functions/_shared/db.ts";
import { DEFAULT_TEMPLATE_DIR, openEmbeddedDb, type EmbeddedDb } from "./embedded-db.ts";

/** Where `npm start` keeps its database unless LOCAL_DB_DIR says otherwise. */
export const DEFAULT_LOCAL_DB_DIR = ".cache/db";
/** LOCAL_DB_DIR's value for a database that lives in memory and dies with the server (tests). */
export const IN_MEMORY = "memory";

/** What a running server writes beside its embedded database, for `npm run outbox`. */
export type LocalDbServerFile = { pid: number; socket: string };

export const serverFile = (dir: string) => join(dir, "server.json");
export const dataDir = (dir: string) => join(dir, "pglite");
export const socketPath = (dir: string) => join(dir, "pglite.sock");

export interface ServerDatabase {
  db: Db;
  /** One line for the console: which database this is. */
  description: string;
  close(): Promise<void>;
}

/** Whether a process with this id is alive (a signal 0 reaches it). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The running server's file beside a local database, if that server is still alive. */
export function runningLocalServer(dir: string): LocalDbServerFile | undefined {
  const file = serverFile(dir);
  if (!existsSync(file)) return undefined;
  try {
    const parsed = JSON.parse(readFileSync(file, "utf8")) as LocalDbServerFile;
    return typeof parsed.pid === "number" && isAlive(parsed.pid) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A Db whose queries wait for the database to open, so the server can listen (and serve its
 * static pages) at once. If the database fails to open, every query fails as unavailable.
 */
export function lazyDb(opening: Promise<Db>): Db {
  const ready = opening.then(
    (db) => ({ db }),
    (error: unknown) => ({ error }),
  );
  return {
    async query<T>(text: string, params?: readonly unknown[]) {
      const state = await ready;
      if ("error" in state) {
        throw new DatabaseUnavailableError("failed to open", { cause: state.error });
      }
      return state.db.query<T>(text, params);
    },
  };
}

/**
 * A real Postgres (DATABASE_URL), whose migrations the operator applies (`supabase db push` or
 * `npm run db:migrate`). Checked once at start: missing tables stop the server with a clear
 * line; an unreachable database only warns, and the functions answer 503 until it is back.
 */
async function openRemote(url: string): Promise<ServerDatabase> {
  const db = createPostgresDb(url);
  try {
    await db.query("select 1 from private.email_outbox limit 0");
  } catch (error) {
    if (isUnavailableError(error)) {
      console.error(
        "DATABASE_URL: the database does not answer yet; functions answer 503 until it does.",
      );
    } else {
      await db.close();
      throw new Error(
        "DATABASE_URL: the database has no functions tables. Apply the migrations first: `npm run db:migrate` (or `supabase db push`).",
        { cause: error },
      );
    }
  }
  return { db, description: "Postgres at DATABASE_URL", close: () => db.close() };
}

function reportOpenFailure(dir: string, error: unknown): void {
  const reason = error instanceof Error ? error.message : String(error);
  console.error(
    `The local database (${dir}) could not be opened: ${reason}. The functions answer 503 until the server restarts with a working database.`,
  );
}

/**
 * The embedded PGlite in `dir` (or in memory), with a Unix socket beside it so that
 * `npm run outbox` (or psql) can read it while the server runs: PGlite is one process's.
 */
async function openLocal(dir: string): Promise<ServerDatabase> {
  if (dir === IN_MEMORY) {
    const opening = openEmbeddedDb({ templateDir: DEFAULT_TEMPLATE_DIR });
    opening.catch((error: unknown) => reportOpenFailure(dir, error));
    return {
      db: lazyDb(opening),
      description: "an in-memory database",
      close: async () => (await opening.catch(() => undefined))?.close(),
    };
  }
  const other = runningLocalServer(dir);
  if (other !== undefined) {
    throw new Error(
      `Another server (process ${other.pid}) has the local database in ${dir} open. Stop it, or give this one LOCAL_DB_DIR=${IN_MEMORY} or another directory.`,
    );
  }
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const socket = socketPath(dir);
  // A socket left by a server that died; nobody listens on it (checked above).
  rmSync(socket, { force: true });

  const opening = (async (): Promise<{ embedded: EmbeddedDb; sockets?: PGLiteSocketServer }> => {
    const embedded = await openEmbeddedDb({ dataDir: dataDir(dir) });
    if (process.platform === "win32") return { embedded };
    const sockets = new PGLiteSocketServer({
      db: embedded.pglite,
      path: socket,
      maxConnections: 4,
    });
    await sockets.start();
    chmodSync(socket, 0o600);
    const info: LocalDbServerFile = { pid: process.pid, socket: resolve(socket) };
    writeFileSync(serverFile(dir), `${JSON.stringify(info)}\n`, { mode: 0o600 });
    return { embedded, sockets };
  })();
  opening.catch((error: unknown) => reportOpenFailure(dir, error));
  return {
    db: lazyDb(opening.then(({ embedded }) => embedded)),
    description: `the local database in ${dir}`,
    close: async () => {
      const opened = await opening.catch(() => undefined);
      await opened?.sockets?.stop();
      rmSync(serverFile(dir), { force: true });
      rmSync(socket, { force: true });
      await opened?.embedded.close();
    },
  };
}

/** DATABASE_URL if set, else the embedded database in LOCAL_DB_DIR (default .cache/db). */
export function openServerDatabase(options: {
  databaseUrl: string | undefined;
  localDir: string;
}): Promise<ServerDatabase> {
  return options.databaseUrl !== undefined
    ? openRemote(options.databaseUrl)
    : openLocal(options.localDir);
}
