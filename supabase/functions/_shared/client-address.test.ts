import fc from "fast-check";
import { BlockList, isIP } from "node:net";
import { describe, expect, it } from "vitest";
import { UNKNOWN_CLIENT_KEY, parseIpAddress, rateLimitKey } from "./client-address.ts";

// Node's own address parser and subnet matcher are the reference; the helper itself must also
// run on Deno, so it cannot use them.

const family = (address: string) => (isIP(address) === 4 ? "ipv4" : "ipv6");

// Mapped by its value, as Node reads it: "::ffff:0:0:0:0.0.0.0" begins like a mapped address
// and is 0:0:ffff::, an IPv6 address like any other.
const mappedIpv4 = new BlockList();
mappedIpv4.addSubnet("::ffff:0:0", 96, "ipv6");
const isIpv4 = (address: string) => mappedIpv4.check(address, family(address));

const sameSubnet = (a: string, b: string): boolean => {
  if (isIpv4(a) !== isIpv4(b)) return false;
  const list = new BlockList();
  if (isIpv4(a)) list.addAddress(a, family(a));
  else list.addSubnet(a, 64, "ipv6");
  return list.check(b, family(b));
};

describe("parseIpAddress", () => {
  it.each([
    ["192.0.2.1", [192, 0, 2, 1]],
    ["0.0.0.0", [0, 0, 0, 0]],
    ["255.255.255.255", [255, 255, 255, 255]],
  ])("reads IPv4 %s", (text, bytes) => {
    expect(parseIpAddress(text)).toEqual({ version: 4, bytes });
  });

  it.each([
    ["::", [0, 0, 0, 0, 0, 0, 0, 0]],
    ["::1", [0, 0, 0, 0, 0, 0, 0, 1]],
    ["1::", [1, 0, 0, 0, 0, 0, 0, 0]],
    ["2001:DB8::8:800:200C:417A", [0x2001, 0xdb8, 0, 0, 8, 0x800, 0x200c, 0x417a]],
    ["2001:db8:0:0:1:0:0:1", [0x2001, 0xdb8, 0, 0, 1, 0, 0, 1]],
    ["1:2:3:4:5:6::8", [1, 2, 3, 4, 5, 6, 0, 8]],
    ["::ffff:192.0.2.1", [0, 0, 0, 0, 0, 0xffff, 0xc000, 0x0201]],
    ["1:2:3:4:5:6:1.2.3.4", [1, 2, 3, 4, 5, 6, 0x102, 0x304]],
    ["fe80::1%eth0", [0xfe80, 0, 0, 0, 0, 0, 0, 1]],
  ])("reads IPv6 %s", (text, groups) => {
    expect(parseIpAddress(text)).toEqual({ version: 6, groups });
  });

  it.each([
    "",
    "unknown",
    "example.com",
    "1.2.3",
    "1.2.3.4.5",
    "256.0.0.1",
    "01.2.3.4",
    "1.2.3.-4",
    " 1.2.3.4",
    "1.2.3.4:443",
    "[::1]",
    "[::1]:443",
    ":::",
    ":1::",
    "1:",
    "1::2::3",
    "1:2:3:4:5:6:7",
    "1:2:3:4:5:6:7:8:9",
    "1:2:3:4:5:6:7::8",
    "1::2:3:4:5:6:1.2.3.4",
    "12345::",
    "g::",
    "::1.2.3",
    "::1.2.3.4:5",
    "1.2.3.4::",
    "fe80::1%",
    "::ffff:1.2.3.04",
    `${"0:".repeat(40)}1`,
  ])("rejects %j", (text) => {
    expect(parseIpAddress(text)).toBeNull();
  });

  it("accepts exactly the strings Node's net.isIP accepts", () => {
    const candidates = fc.oneof(
      fc.ipV4(),
      fc.ipV6(),
      fc.ipV4Extended(),
      fc.stringMatching(/^[0-9a-fA-F:.]{0,45}$/),
    );
    fc.assert(
      fc.property(candidates, (text) => {
        expect(parseIpAddress(text) !== null).toBe(isIP(text) !== 0);
      }),
      { numRuns: 5_000 },
    );
  });
});

describe("rateLimitKey", () => {
  it("keys IPv4 per address", () => {
    expect(rateLimitKey("203.0.113.7")).toBe("ip4:203.0.113.7");
    expect(rateLimitKey("203.0.113.8")).not.toBe(rateLimitKey("203.0.113.7"));
  });

  it("keys IPv6 per /64, however the address is written", () => {
    const key = "ip6:2001:db8:1:2::/64";
    for (const address of [
      "2001:db8:1:2::1",
      "2001:db8:1:2:ffff:ffff:ffff:ffff",
      "2001:0DB8:0001:0002:0000:0000:0000:0009",
      "2001:db8:1:2:0:0:0.0.0.1",
      "2001:db8:1:2::1%eth0",
    ]) {
      expect(rateLimitKey(address)).toBe(key);
    }
    expect(rateLimitKey("2001:db8:1:3::1")).not.toBe(key);
    expect(rateLimitKey("::")).toBe("ip6:0:0:0:0::/64");
  });

  it("keys an IPv4-mapped IPv6 address as its IPv4 address", () => {
    expect(rateLimitKey("::ffff:203.0.113.7")).toBe("ip4:203.0.113.7");
    expect(rateLimitKey("::FFFF:cb00:7107")).toBe("ip4:203.0.113.7");
    expect(rateLimitKey("0:0:0:0:0:ffff:203.0.113.7")).toBe("ip4:203.0.113.7");
  });

  it("trims surrounding space", () => {
    expect(rateLimitKey(" 203.0.113.7\n")).toBe("ip4:203.0.113.7");
  });

  it.each([undefined, "", "unknown", "203.0.113.7, 10.0.0.1", "[::1]", "x".repeat(10_000)])(
    "puts %j under the shared unknown key",
    (address) => {
      expect(rateLimitKey(address)).toBe(UNKNOWN_CLIENT_KEY);
    },
  );

  it("gives two addresses one key exactly when Node puts them in one /64 (or one IPv4)", () => {
    // Pairs that share a prefix are drawn on purpose; random pairs almost never do.
    const sharedPrefix = fc
      .tuple(
        fc.ipV6(),
        fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: 4, maxLength: 4 }),
      )
      .map(([address, low]) => {
        const head = (parseIpAddress(address) as { groups: number[] }).groups.slice(0, 4);
        return [address, [...head, ...low].map((group) => group.toString(16)).join(":")] as const;
      });
    const mapped = fc.ipV4().map((ip) => [ip, `::ffff:${ip}`] as const);
    const pairs = fc.oneof(
      sharedPrefix,
      mapped,
      fc.tuple(fc.ipV6(), fc.ipV6()),
      fc.tuple(fc.ipV4(), fc.ipV4()),
    );
    fc.assert(
      fc.property(pairs, ([a, b]) => {
        expect(rateLimitKey(a) === rateLimitKey(b)).toBe(sameSubnet(a, b));
      }),
      { numRuns: 5_000 },
    );
  });
});
