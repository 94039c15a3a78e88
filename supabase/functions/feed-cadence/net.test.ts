import { createSocket, type Socket } from "node:dgram";
import { pbkdf2 } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { createResolver, parseHosts } from "./net.ts";

// The resolver against a nameserver on 127.0.0.1 that reads every question and never answers.

let silent: Socket | undefined;
afterEach(() => {
  silent?.close();
  silent = undefined;
});

async function silentNameserver(): Promise<string> {
  const socket = createSocket("udp4");
  socket.on("message", () => {});
  await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", resolve));
  silent = socket;
  return `127.0.0.1:${socket.address().port}`;
}

/** Resolves with the error's code, or "answered". */
const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => "answered",
    (error: { code?: string }) => error.code,
  );

/** Work that needs a thread of libuv's pool, as getaddrinfo, file reads and zlib do. */
const poolWork = () =>
  new Promise<void>((resolve, reject) =>
    pbkdf2("castloop", "salt", 1, 32, "sha256", (error) => (error ? reject(error) : resolve())),
  );

describe("createResolver", () => {
  it("gives up on a silent nameserver at its own deadline", async () => {
    const resolve = createResolver({ servers: [await silentNameserver()], timeoutMs: 600 });
    const started = performance.now();
    expect(await outcome(resolve("feeds.example.com"))).toBe("ETIMEOUT");
    const ms = performance.now() - started;
    expect(ms).toBeGreaterThanOrEqual(590);
    expect(ms).toBeLessThan(1_500);
  });

  it("lets silent look-ups starve neither libuv's pool nor other names", async () => {
    const resolve = createResolver({
      servers: [await silentNameserver()],
      timeoutMs: 1_500,
      maxConcurrent: 8,
      hosts: parseHosts("203.0.113.9 feeds.internal.test\n"),
    });
    // Twice libuv's default pool of four: getaddrinfo would hold every thread.
    let settled = 0;
    const stalled = Array.from({ length: 8 }, (_, i) =>
      outcome(resolve(`slow${i}.example.com`)).finally(() => (settled += 1)),
    );
    await Promise.all(Array.from({ length: 8 }, poolWork));
    expect(await resolve("feeds.internal.test")).toEqual(["203.0.113.9"]);
    expect(await resolve("localhost")).toEqual(["127.0.0.1", "::1"]);
    // All of it answered while every silent look-up was still waiting: none held a thread or
    // a place the others needed, whatever the machine's speed.
    expect(settled).toBe(0);
    // One look-up past the cap fails at once rather than waiting behind the others.
    expect(await outcome(resolve("one-more.example.com"))).toBe("EBUSY");
    expect(await Promise.all(stalled)).toEqual(Array(8).fill("ETIMEOUT"));
    // Their places are free again.
    expect(await outcome(resolve("again.example.com"))).toBe("ETIMEOUT");
  });

  it("reads a hosts file: comments, several names, both families", () => {
    const hosts = parseHosts(
      "# a comment\n127.0.0.1 localhost box\n::1 localhost ip6-localhost\n10.0.0.5 Db.Internal # db\nnot-an-ip name\n",
    );
    expect(hosts.get("localhost")).toEqual(["127.0.0.1", "::1"]);
    expect(hosts.get("box")).toEqual(["127.0.0.1"]);
    expect(hosts.get("db.internal")).toEqual(["10.0.0.5"]);
    expect(hosts.has("name")).toBe(false);
  });
});
