import type { TestProject } from "vitest/node";
import { startRealPostgres } from "./real-postgres.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The real PostgreSQL server's admin URL (tests/db/postgres-under-test.ts). */
    realPostgresUrl: string;
  }
}

// One real PostgreSQL server for the whole run of the `postgres` project, stopped at its end;
// each test file takes a fresh migrated database on it (`freshDatabase`).
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startRealPostgres();
  console.log(`Database tests on a real server: ${server.version}`);
  project.provide("realPostgresUrl", server.url);
  return () => server.stop();
}
