import fc from "fast-check";
import { BlockList } from "node:net";
import { describe, expect, it } from "vitest";
import { parseIpAddress } from "../_shared/client-address.ts";
import { checkAddress, isPublicAddress } from "./address-policy.ts";

// The reference below is written out again on purpose, from IANA's special-purpose registries,
// and matched with Node's own BlockList: a range dropped from the policy fails the property test.
const reference = new BlockList();
for (const [network, bits] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.31.196.0", 24],
  ["192.52.193.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["192.175.48.0", 24],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  reference.addSubnet(network, bits, "ipv4");
}

describe("checkAddress", () => {
  it.each([
    ["0.0.0.0", "this network"],
    ["0.255.255.255", "this network"],
    ["10.0.0.0", "private"],
    ["10.255.255.255", "private"],
    ["100.64.0.0", "carrier-grade NAT"],
    ["100.127.255.255", "carrier-grade NAT"],
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback"],
    ["169.254.169.254", "link-local"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.0.0.8", "IETF protocol assignments"],
    ["192.0.2.1", "documentation"],
    ["192.88.99.1", "6to4 relay anycast"],
    ["192.168.1.1", "private"],
    ["198.18.0.1", "benchmarking"],
    ["198.19.255.255", "benchmarking"],
    ["198.51.100.7", "documentation"],
    ["203.0.113.9", "documentation"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["240.0.0.1", "reserved"],
    ["255.255.255.255", "reserved"],
  ])("refuses IPv4 %s (%s)", (address, reason) => {
    expect(checkAddress(address)).toEqual({ allowed: false, reason });
  });

  it.each([
    "1.1.1.1",
    "8.8.8.8",
    "9.255.255.255",
    "11.0.0.0",
    "100.63.255.255",
    "100.128.0.0",
    "126.255.255.255",
    "128.0.0.0",
    "169.253.255.255",
    "169.255.0.0",
    "172.15.255.255",
    "172.32.0.0",
    "192.167.255.255",
    "192.169.0.0",
    "198.17.255.255",
    "198.20.0.0",
    "223.255.255.255",
  ])("allows public IPv4 %s", (address) => {
    expect(checkAddress(address)).toEqual({ allowed: true });
  });

  it.each([
    ["::", "not a global unicast IPv6 address"],
    ["::1", "not a global unicast IPv6 address"],
    ["0:0:0:0:0:0:0:1", "not a global unicast IPv6 address"],
    ["::127.0.0.1", "not a global unicast IPv6 address"],
    ["fe80::1", "not a global unicast IPv6 address"],
    ["fe80::1%eth0", "not a global unicast IPv6 address"],
    ["febf:ffff::1", "not a global unicast IPv6 address"],
    ["fec0::1", "not a global unicast IPv6 address"],
    ["fc00::1", "not a global unicast IPv6 address"],
    ["fd12:3456:789a::1", "not a global unicast IPv6 address"],
    ["ff02::1", "not a global unicast IPv6 address"],
    ["ff05::1:3", "not a global unicast IPv6 address"],
    ["100::1", "not a global unicast IPv6 address"],
    ["64:ff9b:1::1", "not a global unicast IPv6 address"],
    ["2001::1", "IETF protocol assignments (Teredo, ORCHID, ...)"],
    ["2001:1ff:ffff::1", "IETF protocol assignments (Teredo, ORCHID, ...)"],
    ["2001:db8::1", "documentation"],
    ["2001:db8:ffff:ffff:ffff:ffff:ffff:ffff", "documentation"],
    ["2002:c0a8:0101::1", "6to4"],
    ["3fff::1", "documentation"],
    ["3fff:fff:ffff::1", "documentation"],
  ])("refuses IPv6 %s (%s)", (address, reason) => {
    expect(checkAddress(address)).toEqual({ allowed: false, reason });
  });

  it.each([
    "2001:200::1",
    "2001:4860:4860::8888",
    "2606:4700:4700::1111",
    "2a00:1450:4001:80b::200e",
    "2001:db7:ffff::1",
    "2001:db9::1",
    "2003::1",
    "3ffe:ffff::1",
    "3fff:1000::1",
  ])("allows global unicast IPv6 %s", (address) => {
    expect(checkAddress(address)).toEqual({ allowed: true });
  });

  it.each([
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["0:0:0:0:0:ffff:10.0.0.1", "private"],
    ["::FFFF:a9fe:a9fe", "link-local"],
    ["::ffff:192.168.0.1", "private"],
    ["64:ff9b::10.1.2.3", "private"],
    ["64:ff9b::7f00:1", "loopback"],
    ["64:ff9b::a9fe:a9fe", "link-local"],
  ])("judges IPv4 inside IPv6 by the IPv4 address: %s (%s)", (address, reason) => {
    expect(checkAddress(address)).toEqual({ allowed: false, reason });
  });

  it.each(["::ffff:8.8.8.8", "::ffff:808:808", "64:ff9b::1.1.1.1"])(
    "allows IPv4-in-IPv6 %s when the IPv4 address is public",
    (address) => {
      expect(checkAddress(address)).toEqual({ allowed: true });
    },
  );

  it.each([
    "",
    "localhost",
    "example.com",
    "[::1]",
    "127.1",
    "0x7f.0.0.1",
    "2130706433",
    "1.2.3.4:80",
  ])("refuses %j, which is no IP address", (text) => {
    expect(checkAddress(text)).toEqual({ allowed: false, reason: "not an IP address" });
  });

  it("agrees with the reference on every IPv4 address drawn", () => {
    fc.assert(
      // A boolean, not expect: 40,000 expectations cost seconds on a busy machine, past the
      // test's timeout, and fast-check reports the address that disagrees either way.
      fc.property(fc.ipV4(), (address) => {
        const isPublic = !reference.check(address, "ipv4");
        return (
          isPublicAddress(address) === isPublic && isPublicAddress(`::ffff:${address}`) === isPublic
        );
      }),
      { numRuns: 20_000 },
    );
  });

  it("allows IPv6 only inside 2000::/3, or IPv4-mapped and NAT64 forms of public IPv4", () => {
    fc.assert(
      fc.property(fc.ipV6(), (address) => {
        const groups = (parseIpAddress(address) as { groups: number[] }).groups;
        const zeros = (from: number, to: number) => groups.slice(from, to).every((g) => g === 0);
        const carriesIpv4 =
          (zeros(0, 5) && groups[5] === 0xffff) ||
          (groups[0] === 0x64 && groups[1] === 0xff9b && zeros(2, 6));
        if (isPublicAddress(address) && !carriesIpv4) expect((groups[0] ?? 0) >> 13).toBe(1);
      }),
      { numRuns: 20_000 },
    );
  });
});
