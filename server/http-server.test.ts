import { getConnInfo } from "@hono/node-server/conninfo";
import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createApp, type CheckoutHandler } from "./app.ts";
import { clientAddress } from "./client-address.ts";
import { listen, serverLimits, type Listening, type ServerLimits } from "./http-server.ts";
import { builtSite } from "../tests/fakes/test-files.ts";

const files = builtSite();

let running: Listening | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

async function start(
  options: { checkout?: CheckoutHandler; limits?: ServerLimits; trustedHops?: number } = {},
) {
  const app = createApp({
    files,
    checkout: options.checkout ?? (async () => Response.json({ url: "https://pay" })),
    connectOrigins: [],
    clientIp: (c) =>
      clientAddress(
        getConnInfo(c).remote.address,
        c.req.header("x-forwarded-for"),
        options.trustedHops ?? 0,
      ),
  });
  running = await listen(app.fetch, { port: 0, hostname: "127.0.0.1", limits: options.limits });
  return running.port;
}

/** Sends raw bytes and resolves with everything the server sent until it closed or `waitMs`. */
function raw(port: number, request: string, waitMs = 3_000) {
  return new Promise<{ text: string; closedAfterMs: number | null }>((resolve) => {
    const started = Date.now();
    const socket: Socket = connect(port, "127.0.0.1", () => socket.write(request));
    let text = "";
    socket.on("data", (chunk) => (text += chunk.toString("latin1")));
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ text, closedAfterMs: null });
    }, waitMs);
    socket.on("close", () => {
      clearTimeout(timer);
      resolve({ text, closedAfterMs: Date.now() - started });
    });
    socket.on("error", () => {});
  });
}

const get = (path: string, headers = "") =>
  `GET ${path} HTTP/1.1\r\nHost: localhost\r\n${headers}Connection: close\r\n\r\n`;

describe("the production HTTP server", () => {
  it("keeps every trailing-slash redirect on the origin and never fails on odd paths", async () => {
    const port = await start();
    for (const path of ["//evil.example/", "/%2Fevil.example/", "/%09/evil.example/"]) {
      const { text } = await raw(port, get(path));
      expect(text, path).toMatch(/^HTTP\/1\.1 404 /);
      expect(text, path).not.toMatch(/\r\nlocation:/i);
    }
    for (const path of ["/%E2%98%83/", "/%0d%0a/"]) {
      expect((await raw(port, get(path))).text, path).toMatch(/^HTTP\/1\.1 404 /);
    }
    const { text } = await raw(port, get("/pricing/"));
    expect(text).toMatch(/^HTTP\/1\.1 308 /);
    expect(text).toMatch(/\r\nlocation: \/pricing\r\n/i);
  });

  it("uses bounded timeouts and a connection cap by default", async () => {
    await start();
    const server = running!.server;
    expect(server.headersTimeout).toBe(serverLimits.headersTimeoutMs);
    expect(server.requestTimeout).toBe(serverLimits.requestTimeoutMs);
    expect(server.maxConnections).toBe(serverLimits.maxConnections);
    expect(serverLimits.requestTimeoutMs).toBeLessThan(60_000);
  });

  const short: ServerLimits = {
    headersTimeoutMs: 300,
    requestTimeoutMs: 600,
    keepAliveTimeoutMs: 200,
    maxConnections: 2,
    connectionsCheckingIntervalMs: 50,
  };

  it("drops a client that never finishes its headers", async () => {
    const port = await start({ limits: short });
    const { text, closedAfterMs } = await raw(port, "GET / HTTP/1.1\r\nHost: x\r\n");
    expect(closedAfterMs).not.toBeNull();
    expect(closedAfterMs!).toBeLessThan(2_000);
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
  });

  it("drops a client that promises a body and sends one byte", async () => {
    const checkout = vi.fn<CheckoutHandler>(async (req) => {
      await req.arrayBuffer();
      return Response.json({ url: "https://pay" });
    });
    const port = await start({ limits: short, checkout });
    const { closedAfterMs } = await raw(
      port,
      "POST /functions/v1/create-checkout HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 50\r\n\r\n{",
    );
    expect(closedAfterMs).not.toBeNull();
    expect(closedAfterMs!).toBeLessThan(2_000);
  });

  it("refuses connections past the cap", async () => {
    const port = await start({
      limits: { ...short, headersTimeoutMs: 5_000, requestTimeoutMs: 5_000 },
    });
    const idle = [0, 1].map(() => connect(port, "127.0.0.1"));
    await Promise.all(idle.map((socket) => new Promise((done) => socket.once("connect", done))));
    await new Promise((done) => setTimeout(done, 100));
    const third = await raw(port, get("/"), 1_500);
    expect(third.text).toBe("");
    expect(third.closedAfterMs).not.toBeNull();
    for (const socket of idle) socket.destroy();
  });

  it("gives two clients behind one trusted proxy their own address, spoofing aside", async () => {
    const seen: (string | undefined)[] = [];
    const checkout = vi.fn<CheckoutHandler>(async (_req, info) => {
      seen.push(info?.clientIp);
      return Response.json({ url: "https://pay" });
    });
    const port = await start({ checkout, trustedHops: 1 });
    const post = (forwardedFor: string) =>
      raw(
        port,
        `POST /functions/v1/create-checkout HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: ${forwardedFor}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
      );
    await post("203.0.113.50");
    await post("203.0.113.51");
    await post("9.9.9.9, 203.0.113.50");
    expect(seen).toEqual(["203.0.113.50", "203.0.113.51", "203.0.113.50"]);
  });
});
