import { serve } from "@hono/node-server";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * Node's defaults let a slow client hold a socket for five minutes (requestTimeout 300 s) and
 * open as many as it likes; these bound both. requestTimeout covers receiving the
 * request only; the checkout function bounds its own work (see docs/security.md).
 */
export const serverLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 20_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 1_000,
  /** How often Node looks for requests past their timeouts (default 30 s). */
  connectionsCheckingIntervalMs: 1_000,
} as const;

export type ServerLimits = { [K in keyof typeof serverLimits]: number };

export type Listening = { server: Server; port: number; close: () => Promise<void> };

/** Serves `fetch` on hostname:port with the limits above; port 0 picks a free one. */
export function listen(
  fetch: (request: Request) => Response | Promise<Response>,
  options: { port: number; hostname: string; limits?: ServerLimits },
): Promise<Listening> {
  const limits = options.limits ?? serverLimits;
  return new Promise((resolve, reject) => {
    const server = serve({
      fetch,
      port: options.port,
      hostname: options.hostname,
      serverOptions: {
        headersTimeout: limits.headersTimeoutMs,
        requestTimeout: limits.requestTimeoutMs,
        keepAliveTimeout: limits.keepAliveTimeoutMs,
        connectionsCheckingInterval: limits.connectionsCheckingIntervalMs,
      },
    }) as Server;
    server.maxConnections = limits.maxConnections;
    server.once("error", reject);
    server.once("listening", () => {
      const close = () =>
        new Promise<void>((done) => {
          server.close(() => done());
          server.closeAllConnections();
        });
      resolve({ server, port: (server.address() as AddressInfo).port, close });
    });
  });
}
