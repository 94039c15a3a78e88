import { parseIpAddress } from "../_shared/client-address.ts";

// Which resolved addresses the feed fetcher may connect to (OWASP SSRF prevention: deny what is
// not public). IANA's special-purpose registries for IPv4 and IPv6 are the source of the ranges.

type Range = { prefix: number[]; bits: number; name: string };

/** `a.b.c.d/n` or an IPv6 `x::/n` as 4 or 16 bytes and a prefix length. */
function range(cidr: string, name: string): Range {
  const [text = "", bits = ""] = cidr.split("/");
  const prefix = toBytes(text);
  if (prefix === null) throw new Error(`bad range ${cidr}`);
  return { prefix, bits: Number(bits), name };
}

function toBytes(text: string): number[] | null {
  const parsed = parseIpAddress(text);
  if (parsed === null) return null;
  if (parsed.version === 4) return parsed.bytes;
  return parsed.groups.flatMap((group) => [group >> 8, group & 0xff]);
}

function inRange(bytes: readonly number[], { prefix, bits }: Range): boolean {
  if (bytes.length !== prefix.length) return false;
  for (let bit = 0; bit < bits; bit += 8) {
    const take = Math.min(8, bits - bit);
    const mask = (0xff << (8 - take)) & 0xff;
    const i = bit / 8;
    if (((bytes[i] ?? 0) & mask) !== ((prefix[i] ?? 0) & mask)) return false;
  }
  return true;
}

const IPV4_REFUSED = [
  range("0.0.0.0/8", "this network"),
  range("10.0.0.0/8", "private"),
  range("100.64.0.0/10", "carrier-grade NAT"),
  range("127.0.0.0/8", "loopback"),
  range("169.254.0.0/16", "link-local"),
  range("172.16.0.0/12", "private"),
  range("192.0.0.0/24", "IETF protocol assignments"),
  range("192.0.2.0/24", "documentation"),
  range("192.31.196.0/24", "AS112"),
  range("192.52.193.0/24", "AMT"),
  range("192.88.99.0/24", "6to4 relay anycast"),
  range("192.168.0.0/16", "private"),
  range("192.175.48.0/24", "AS112"),
  range("198.18.0.0/15", "benchmarking"),
  range("198.51.100.0/24", "documentation"),
  range("203.0.113.0/24", "documentation"),
  range("224.0.0.0/4", "multicast"),
  range("240.0.0.0/4", "reserved"),
];

/** Inside 2000::/3 (global unicast), these are not ordinary public hosts. */
const IPV6_REFUSED = [
  range("2001::/23", "IETF protocol assignments (Teredo, ORCHID, ...)"),
  range("2001:db8::/32", "documentation"),
  range("2002::/16", "6to4"),
  range("3fff::/20", "documentation"),
];
const IPV6_GLOBAL = range("2000::/3", "global unicast");
/** Forms that carry an IPv4 address, which then decides. */
const IPV4_MAPPED = range("::ffff:0:0/96", "IPv4-mapped");
const NAT64 = range("64:ff9b::/96", "NAT64");

export type AddressVerdict = { allowed: true } | { allowed: false; reason: string };

/**
 * Whether the fetcher may connect to `address` (an IP address in text form). Everything that
 * is not a public unicast address is refused: loopback, private, link-local, CGNAT, multicast,
 * documentation, benchmarking and reserved IPv4; for IPv6 only global unicast (2000::/3) outside
 * its special ranges; IPv4-mapped and NAT64 addresses are judged by the IPv4 address inside.
 * Text that is not an address is refused too.
 */
export function checkAddress(address: string): AddressVerdict {
  const bytes = toBytes(address);
  if (bytes === null) return { allowed: false, reason: "not an IP address" };
  if (bytes.length === 4) return checkIpv4(bytes);
  if (inRange(bytes, IPV4_MAPPED) || inRange(bytes, NAT64)) return checkIpv4(bytes.slice(12));
  if (!inRange(bytes, IPV6_GLOBAL)) {
    return { allowed: false, reason: "not a global unicast IPv6 address" };
  }
  const refused = IPV6_REFUSED.find((r) => inRange(bytes, r));
  return refused ? { allowed: false, reason: refused.name } : { allowed: true };
}

function checkIpv4(bytes: readonly number[]): AddressVerdict {
  const refused = IPV4_REFUSED.find((r) => inRange(bytes, r));
  return refused ? { allowed: false, reason: refused.name } : { allowed: true };
}

export const isPublicAddress = (address: string): boolean => checkAddress(address).allowed;
