import { lookup } from "node:dns/promises";
import { Agent, fetch } from "undici";
import type { PinnedRequest, ResolveHost } from "./fetch-feed.ts";

// The real network, for Node and Deno alike: undici (npm) runs on both. The address the policy
// checked is the one connected to: the Agent's `lookup` answers with it, so no second DNS
// lookup happens between the check and the connection (docs/decisions/010-feed-fetch-ssrf.md).

/** Every address the system resolver gives for `hostname`, IPv4 and IPv6, in its order. */
export const systemResolve: ResolveHost = async (hostname) => {
  const answers = await lookup(hostname, { all: true, verbatim: true });
  return answers.map((answer) => answer.address);
};

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
