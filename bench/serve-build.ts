import { spawn, type ChildProcess } from "node:child_process";
import { freePort } from "../scripts/free-port.ts";

export type Served = { origin: string; child: ChildProcess; stop: () => void };

/** Runs the production server on the existing build at a free loopback port. */
export async function serveBuild(env: Record<string, string> = {}): Promise<Served> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env: { ...process.env, PORT: String(port), ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${origin}/`)).ok) break;
    } catch {
      if (Date.now() > deadline) throw new Error("server did not start");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return { origin, child, stop: () => child.kill("SIGTERM") };
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
