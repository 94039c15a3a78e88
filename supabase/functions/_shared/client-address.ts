/** The key every request without a known, well-formed client address shares. */
export const UNKNOWN_CLIENT_KEY = "unknown";

// The longest IPv6 text is 45 characters; the rest leaves room for a zone id.
const MAX_ADDRESS_LENGTH = 64;

export type IpAddress = { version: 4; bytes: number[] } | { version: 6; groups: number[] };

/**
 * Parses an IPv4 address in dotted-decimal form (no leading zeros) or an IPv6 address in
 * RFC 4291 text form (`::` compression, an embedded IPv4 tail and a `%zone` suffix allowed).
 * Anything else, including bracketed or port-suffixed forms, gives `null`.
 */
export function parseIpAddress(text: string): IpAddress | null {
  if (text.length === 0 || text.length > MAX_ADDRESS_LENGTH) return null;
  if (text.includes(":")) {
    const groups = parseIpv6(text);
    return groups === null ? null : { version: 6, groups };
  }
  const bytes = parseIpv4(text);
  return bytes === null ? null : { version: 4, bytes };
}

/**
 * The rate-limit key for a client address: the IPv4 address itself, or the /64 prefix of an
 * IPv6 address (one subscriber usually holds a whole /64). IPv4-mapped IPv6 addresses
 * (`::ffff:a.b.c.d`, what a dual-stack socket reports) count as their IPv4 address.
 */
export function rateLimitKey(address: string | undefined): string {
  const parsed = address === undefined ? null : parseIpAddress(address.trim());
  if (parsed === null) return UNKNOWN_CLIENT_KEY;
  if (parsed.version === 4) return `ip4:${parsed.bytes.join(".")}`;
  const { groups } = parsed;
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) {
    const [high = 0, low = 0] = groups.slice(6);
    return `ip4:${[high >> 8, high & 0xff, low >> 8, low & 0xff].join(".")}`;
  }
  return `ip6:${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}

function parseIpv4(text: string): number[] | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  const bytes: number[] = [];
  for (const part of parts) {
    if (!/^(0|[1-9]\d{0,2})$/.test(part)) return null;
    const value = Number(part);
    if (value > 255) return null;
    bytes.push(value);
  }
  return bytes;
}

function parseIpv6(input: string): number[] | null {
  let text = input;
  const zone = text.indexOf("%");
  if (zone !== -1) {
    if (zone === text.length - 1) return null;
    text = text.slice(0, zone);
  }

  // An IPv4 tail ("::ffff:192.0.2.1") stands for the last two groups.
  const lastColon = text.lastIndexOf(":");
  const tail = text.slice(lastColon + 1);
  if (tail.includes(".")) {
    const bytes = parseIpv4(tail);
    if (bytes === null) return null;
    const [a = 0, b = 0, c = 0, d = 0] = bytes;
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }

  const halves = text.split("::");
  if (halves.length > 2) return null;
  const head = parseGroups(halves[0] ?? "");
  const rest = halves.length === 2 ? parseGroups(halves[1] ?? "") : [];
  if (head === null || rest === null) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  // "::" stands for at least one group of zeros.
  const missing = 8 - head.length - rest.length;
  if (missing < 1) return null;
  return [...head, ...new Array<number>(missing).fill(0), ...rest];
}

function parseGroups(text: string): number[] | null {
  if (text === "") return [];
  const groups: number[] = [];
  for (const piece of text.split(":")) {
    if (!/^[0-9a-fA-F]{1,4}$/.test(piece)) return null;
    groups.push(parseInt(piece, 16));
  }
  return groups;
}
