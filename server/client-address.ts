import { isIP } from "node:net";

/**
 * The address the rate limiter keys on. With no trusted proxy it is the socket's peer; with
 * `trustedHops` proxies in front, each appends the address it saw to X-Forwarded-For, so the
 * client is the entry `trustedHops` places from the right of [...X-Forwarded-For, socket].
 * Entries to the left of it are written by the caller and never trusted.
 */
export function clientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | undefined,
  trustedHops: number,
): string | undefined {
  const socket = socketAddress === undefined ? undefined : plainIp(socketAddress);
  if (trustedHops === 0) return socket;
  const chain = (forwardedFor ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  chain.push(socket ?? "");
  // Fewer entries than hops: the furthest one a trusted proxy wrote (proxy-addr does the same).
  const entry = chain[Math.max(0, chain.length - 1 - trustedHops)] ?? "";
  return plainIp(entry);
}

/** An IP address without brackets or port ("[2001:db8::1]:443", "203.0.113.9:80"), or undefined. */
function plainIp(value: string): string | undefined {
  let ip = value.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(ip);
  if (bracketed) ip = bracketed[1] ?? "";
  else if (/^[\d.]+:\d+$/.test(ip)) ip = ip.slice(0, ip.lastIndexOf(":"));
  return isIP(ip) === 0 ? undefined : ip;
}
