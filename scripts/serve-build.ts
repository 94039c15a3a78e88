import { spawn, type ChildProcess } from "node:child_process";
import { freePort } from "./free-port.ts";

export type Served = { origin: string; port: number; child: ChildProcess; stop: () => void };

export type ServeOptions = {
  /** Variables set on top of `baseEnv`; PORT is always the port served on. */
  env?: Record<string, string>;
  /** Defaults to this process's environment. */
  baseEnv?: NodeJS.ProcessEnv;
  /** Defaults to a free loopback port. */
  port?: number;
  cwd?: string;
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
    env: { ...(options.baseEnv ?? process.env), ...options.env, PORT: String(port) },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const stop = () => void child.kill("SIGTERM");
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${origin}/`)).ok) return { origin, port, child, stop };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      stop();
      throw new Error("server did not start within 20 s");
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
