import type { TestProject } from "vitest/node";
import { startPgBouncer } from "./pgbouncer.ts";
import { startRealPostgres } from "./real-postgres.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The real PostgreSQL server's admin URL (tests/db/postgres-under-test.ts). */
    realPostgresUrl: string;
    /** The port of PgBouncer, in transaction mode in front of that server. */
    pgbouncerPort: number;
  }
}

// One real PostgreSQL server for the whole run of the `postgres` project, and one PgBouncer in
// front of it, stopped at its end; each test file takes a fresh migrated database on it.
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startRealPostgres();
  console.log(`Database tests on a real server: ${server.version}`);
  const pooler = await startPgBouncer(server.url).catch(async (error: unknown) => {
    await server.stop();
    throw error;
  });
  project.provide("realPostgresUrl", server.url);
  project.provide("pgbouncerPort", pooler.port);
  return async () => {
    await pooler.stop();
    await server.stop();
  };
}
