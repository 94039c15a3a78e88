import { describe, expect, it } from "vitest";
import { clientAddress } from "./client-address.ts";

describe("clientAddress", () => {
  it("uses the socket's address and ignores X-Forwarded-For when no proxy is trusted", () => {
    expect(clientAddress("198.51.100.7", undefined, 0)).toBe("198.51.100.7");
    expect(clientAddress("198.51.100.7", "203.0.113.1", 0)).toBe("198.51.100.7");
    expect(clientAddress("::ffff:198.51.100.7", "1.1.1.1, 2.2.2.2", 0)).toBe("::ffff:198.51.100.7");
  });

  it("takes the entry the nearest trusted proxy wrote, whatever the caller prepends", () => {
    // Behind one proxy (10.0.0.2), the proxy appended the client's address.
    expect(clientAddress("10.0.0.2", "203.0.113.50", 1)).toBe("203.0.113.50");
    expect(clientAddress("10.0.0.2", "6.6.6.6, 7.7.7.7, 203.0.113.50", 1)).toBe("203.0.113.50");
    expect(clientAddress("10.0.0.2", "6.6.6.6,203.0.113.50", 1)).toBe("203.0.113.50");
  });

  it("counts several trusted hops from the right", () => {
    // client → CDN (appends client) → load balancer (appends CDN) → us
    expect(clientAddress("10.0.0.3", "6.6.6.6, 203.0.113.50, 192.0.2.10", 2)).toBe("203.0.113.50");
  });

  it("gives two clients behind one trusted proxy different addresses", () => {
    const a = clientAddress("10.0.0.2", "203.0.113.50", 1);
    const b = clientAddress("10.0.0.2", "203.0.113.51", 1);
    expect(a).not.toBe(b);
  });

  it("falls back to the furthest entry when there are fewer than the trusted hops", () => {
    expect(clientAddress("10.0.0.2", undefined, 1)).toBe("10.0.0.2");
    expect(clientAddress("10.0.0.2", "203.0.113.50", 3)).toBe("203.0.113.50");
  });

  it("strips ports and brackets and refuses what is not an address", () => {
    expect(clientAddress("10.0.0.2", "[2001:db8::1]:443", 1)).toBe("2001:db8::1");
    expect(clientAddress("10.0.0.2", "203.0.113.9:8080", 1)).toBe("203.0.113.9");
    expect(clientAddress("10.0.0.2", "unknown", 1)).toBeUndefined();
    expect(clientAddress("10.0.0.2", "203.0.113.9, <script>", 1)).toBeUndefined();
    expect(clientAddress(undefined, undefined, 0)).toBeUndefined();
  });
});
