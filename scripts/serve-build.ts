import { spawn, type ChildProcess } from "node:child_process";
import { freePort } from "./free-port.ts";

export type Served = {
  origin: string;
  port: number;
  child: ChildProcess;
  /** Stops the server and resolves once its process has exited. */
  stop: () => Promise<void>;
};

export type ServeOptions = {
  /** Variables set on top of `baseEnv`; PORT is always the port served on. */
  env?: Record<string, string>;
  /** Defaults to this process's environment. */
  baseEnv?: NodeJS.ProcessEnv;
  /** Defaults to a free loopback port. */
  port?: number;
  cwd?: string;
  /** How long the server may take to answer its first request (default 20 s). */
  startTimeoutMs?: number;
};

/**
 * Runs the production server (server/main.ts) on an existing build, on loopback, and resolves
 * once it answers. Used by the benchmarks and the tests that need a server of their own.
 */
export async function serveBuild(options: ServeOptions = {}): Promise<Served> {
  const port = options.port ?? (await freePort());
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: options.cwd,
    // A database in memory unless told otherwise: `npm start`'s own may be open.
    env: {
      LOCAL_DB_DIR: "memory",
      ...(options.baseEnv ?? process.env),
      ...options.env,
      PORT: String(port),
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    child.kill("SIGTERM");
    // The server closes its connections on SIGTERM; one that hangs is killed.
    const hung = setTimeout(() => child.kill("SIGKILL"), 5_000);
    await exited;
    clearTimeout(hung);
  };
  const startTimeoutMs = options.startTimeoutMs ?? 20_000;
  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${origin}/`)).ok) return { origin, port, child, stop };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server did not start within ${startTimeoutMs / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
