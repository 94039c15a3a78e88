import { chownSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { freePort } from "../tools/free-port.ts";
import {
  ownedTempDir,
  pgbouncerPath,
  runAsForRoot,
  startUntil,
  stopChild,
} from "./real-postgres.ts";

// PgBouncer in transaction mode in front of the run's server: what Supabase's transaction
// pooler (Supavisor, port 6543) is to its database. A client's statements run on whichever
// server connection is free at the time, so a prepared statement made on one is missing on
// the next, and session settings leak: the functions must get by without either.

/** Server connections PgBouncer keeps per database: fewer than the clients, so they share. */
export const PGBOUNCER_POOL_SIZE = 3;

export interface PgBouncer {
  port: number;
  stop(): Promise<void>;
}

/**
 * Debian's pgbouncer on a free loopback port, in transaction mode, forwarding every database
 * name to the server at `postgresUrl`, with `poolSize` server connections per database.
 */
export async function startPgBouncer(
  postgresUrl: string,
  poolSize = PGBOUNCER_POOL_SIZE,
): Promise<PgBouncer> {
  const program = pgbouncerPath();
  if (program === undefined) {
    throw new Error(
      "PgBouncer was not found. Install it (Debian/Ubuntu: apt-get install pgbouncer) or put it on PATH.",
    );
  }
  const server = new URL(postgresUrl);
  const runAs = runAsForRoot();
  const dir = ownedTempDir("castloop-pgbouncer-", runAs);
  const port = await freePort();
  const config = join(dir, "pgbouncer.ini");
  const users = join(dir, "users.txt");
  writeFileSync(users, `"${decodeURIComponent(server.username)}" ""\n`);
  writeFileSync(
    config,
    [
      "[databases]",
      `* = host=${server.hostname} port=${server.port}`,
      "[pgbouncer]",
      "listen_addr = 127.0.0.1",
      `listen_port = ${port}`,
      "unix_socket_dir =",
      "auth_type = trust",
      `auth_file = ${users}`,
      "pool_mode = transaction",
      `default_pool_size = ${poolSize}`,
      "max_client_conn = 200",
      "",
    ].join("\n"),
  );
  if (runAs !== undefined) {
    for (const file of [config, users]) chownSync(file, runAs.uid, runAs.gid);
  }
  try {
    const child = await startUntil(program, [config], runAs, /process up: PgBouncer/);
    const onExit = () => {
      child.kill("SIGKILL");
      rmSync(dir, { recursive: true, force: true });
    };
    process.once("exit", onExit);
    return {
      port,
      async stop() {
        process.off("exit", onExit);
        await stopChild(child, "SIGTERM");
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
