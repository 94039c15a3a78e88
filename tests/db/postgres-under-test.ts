import { inject } from "vitest";
import { freshDatabaseOn } from "./real-postgres.ts";

/** The URL of the run's real PostgreSQL server (tests/db/global-setup.ts). */
export function realPostgresUrl(): string {
  return inject("realPostgresUrl");
}

/** A new database on the run's real server, every migration applied: its URL. */
export function freshDatabase(): Promise<string> {
  return freshDatabaseOn(realPostgresUrl());
}
