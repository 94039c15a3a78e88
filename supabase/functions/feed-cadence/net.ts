import { Resolver } from "node:dns/promises";
import { readFileSync } from "node:fs";
import { isIP } from "node:net";
import { Agent, fetch } from "undici";
import { DNS_MAX_CONCURRENT, DNS_TIMEOUT_MS } from "./budget.ts";
import type { PinnedRequest, ResolveHost } from "./fetch-feed.ts";

// The real network, for Node and Deno alike: undici (npm) runs on both. The address the policy
// checked is the one connected to: the Agent's `lookup` answers with it, so no second DNS
// lookup happens between the check and the connection (docs/decisions/010-feed-fetch-ssrf.md).

export type ResolverOptions = {
  /** Nameservers (`ip` or `ip:port`); the system's (/etc/resolv.conf) when absent. */
  servers?: string[];
  /** The most one look-up may take, both record types together. */
  timeoutMs?: number;
  /** Look-ups in flight at once; one more fails at once with `EBUSY`. */
  maxConcurrent?: number;
  /** Names answered before any nameserver is asked, as /etc/hosts does. */
  hosts?: ReadonlyMap<string, readonly string[]>;
};

const dnsError = (code: string, message: string) => Object.assign(new Error(message), { code });

/** `/etc/hosts` text as a map from lower-case name to its addresses, in file order. */
export function parseHosts(text: string): Map<string, string[]> {
  const hosts = new Map<string, string[]>();
  for (const line of text.split("\n")) {
    const [address, ...names] = (line.split("#")[0] ?? "").trim().split(/\s+/);
    if (address === undefined || isIP(address) === 0) continue;
    for (const name of names) {
      const key = name.toLowerCase();
      hosts.set(key, [...(hosts.get(key) ?? []), address]);
    }
  }
  return hosts;
}

/** The machine's hosts file, read once; empty where it cannot be read (a sandboxed runtime). */
export function systemHosts(): Map<string, string[]> {
  try {
    return parseHosts(readFileSync("/etc/hosts", "utf8"));
  } catch {
    return new Map();
  }
}

/**
 * Every IPv4 and IPv6 address of a name, asked over the network by c-ares (`node:dns`
 * `Resolver`), which never takes a thread from libuv's pool: a nameserver that never answers
 * cannot hold the threads that file reads, compression and `getaddrinfo` for checkout's own
 * calls use. Each look-up has its own deadline, and at most `maxConcurrent` run at once.
 * `localhost` names (RFC 6761) and the hosts file are answered first, so a name the machine
 * maps to itself is still refused as loopback by the address policy.
 */
export function createResolver(options: ResolverOptions = {}): ResolveHost {
  const timeoutMs = options.timeoutMs ?? DNS_TIMEOUT_MS;
  const maxConcurrent = options.maxConcurrent ?? DNS_MAX_CONCURRENT;
  const hosts = options.hosts ?? new Map<string, string[]>();
  let inFlight = 0;
  return async (hostname) => {
    const name = hostname.toLowerCase().replace(/\.$/, "");
    if (name === "localhost" || name.endsWith(".localhost")) return ["127.0.0.1", "::1"];
    const listed = hosts.get(name);
    if (listed !== undefined) return [...listed];
    if (inFlight >= maxConcurrent) throw dnsError("EBUSY", "too many DNS look-ups in flight");
    inFlight += 1;
    // A channel per look-up, so canceling one look-up cancels nothing else. Two tries of a
    // third of the budget each; the timer below ends whatever is left.
    const resolver = new Resolver({ timeout: Math.max(1, Math.floor(timeoutMs / 3)), tries: 2 });
    if (options.servers !== undefined) resolver.setServers(options.servers);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      resolver.cancel();
    }, timeoutMs);
    try {
      const answers = await Promise.allSettled([resolver.resolve4(name), resolver.resolve6(name)]);
      const addresses = answers.flatMap((answer) =>
        answer.status === "fulfilled" ? answer.value : [],
      );
      if (addresses.length > 0) return addresses;
      if (timedOut) throw dnsError("ETIMEOUT", `no answer for ${name} within ${timeoutMs} ms`);
      const reasons = answers.flatMap((answer) =>
        answer.status === "rejected" ? [answer.reason as { code?: string }] : [],
      );
      // "No such name" or "no such record" for both types says the name does not resolve.
      throw (
        reasons.find((reason) => reason?.code !== "ENODATA" && reason?.code !== "ENOTFOUND") ??
        dnsError("ENOTFOUND", `${name} does not resolve`)
      );
    } finally {
      clearTimeout(timer);
      inFlight -= 1;
    }
  };
}

type LookupCallback = (
  error: Error | null,
  address: string | { address: string; family: number }[],
  family?: number,
) => void;

export const pinnedRequest: PinnedRequest = async (url, address, init) => {
  const family = address.includes(":") ? 6 : 4;
  const agent = new Agent({
    connect: {
      timeout: init.connectTimeoutMs,
      lookup: (_hostname: string, options: { all?: boolean }, callback: LookupCallback) => {
        if (options?.all) callback(null, [{ address, family }]);
        else callback(null, address, family);
      },
    },
  });
  try {
    const response = await fetch(url, {
      method: init.method ?? "GET",
      headers: init.headers,
      redirect: "manual",
      signal: init.signal,
      dispatcher: agent,
    });
    return {
      response: {
        status: response.status,
        headers: response.headers,
        body: response.body as ReadableStream<Uint8Array> | null,
      },
      close: () => agent.destroy().catch(() => {}),
    };
  } catch (error) {
    await agent.destroy().catch(() => {});
    throw error;
  }
};
