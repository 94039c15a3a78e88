import { writeFileSync } from "node:fs";
import { notFoundPage, type BuiltPage } from "./built-pages.ts";
import {
  baseSecurityHeaders,
  cacheControl,
  hstsHeader,
  pageHeaders,
} from "../server/security-headers.ts";

/**
 * One rule in `_headers` terms: an exact path, or a prefix ending in a `/*` splat. Rules run
 * from broad to specific; a header a later rule names replaces what an earlier matching rule
 * set, and `null` means the path gets no such header at all.
 */
export type HeaderRule = { path: string; headers: Record<string, string | null> };

/** Cloudflare Pages' documented limits for `_headers` ("Headers"). */
export const cloudflareLimits = { rules: 100, lineLength: 2000 } as const;

/**
 * Header rules for static hosts, from server/security-headers.ts. An unknown path matches only
 * the catch-all rule, so that rule carries the not-found page's Content-Security-Policy; every
 * page replaces it with its own (inline-script hashes differ per page), at `/x` and `/x/`
 * because Cloudflare Pages serves `x/index.html` at `/x/` and Vercel at `/x`.
 */
export function hostHeaderRules(
  pages: BuiltPage[],
  connectOrigins: string[],
  extraRules: HeaderRule[] = [],
): HeaderRule[] {
  const csp = (html: string) => pageHeaders(html, connectOrigins)["Content-Security-Policy"]!;
  const notFound = pages.find((page) => page.urlPath === notFoundPage);
  if (!notFound) throw new Error(`host headers: the build has no ${notFoundPage}`);
  const rules: HeaderRule[] = [
    {
      path: "/*",
      headers: {
        ...baseSecurityHeaders,
        ...hstsHeader,
        "Cache-Control": cacheControl.revalidate,
        "Content-Security-Policy": csp(notFound.html),
      },
    },
    // Like the server: hashed assets are immutable and carry no policy of their own.
    {
      path: "/assets/*",
      headers: { "Cache-Control": cacheControl.immutable, "Content-Security-Policy": null },
    },
  ];
  for (const page of pages) {
    if (page.urlPath === notFoundPage) continue;
    const paths = page.urlPath === "/" ? ["/"] : [page.urlPath, `${page.urlPath}/`];
    for (const path of paths) {
      rules.push({ path, headers: { "Content-Security-Policy": csp(page.html) } });
    }
  }
  return [...rules, ...extraRules];
}

const prefixOf = (path: string) => (path.endsWith("*") ? path.slice(0, -1) : path);

/** Whether rule `broad` applies to every path rule `narrow` applies to. */
function covers(broad: HeaderRule, narrow: HeaderRule): boolean {
  return broad.path.endsWith("*")
    ? prefixOf(narrow.path).startsWith(prefixOf(broad.path))
    : broad.path === narrow.path;
}

/**
 * `_headers` for Netlify and Cloudflare Pages. Cloudflare applies every matching rule and joins
 * a header set twice with a comma (two policies, both enforced), so a rule first detaches
 * (`! Name`) what a broader rule above it set; Netlify ignores those lines (no colon) and lets
 * the later rule's value replace the earlier one.
 */
export function toNetlifyHeaders(rules: HeaderRule[]): string {
  const blocks = rules.map((rule, index) => {
    const lines = [rule.path];
    for (const [name, value] of Object.entries(rule.headers)) {
      const inherited = rules
        .slice(0, index)
        .some((earlier) => covers(earlier, rule) && typeof earlier.headers[name] === "string");
      if (inherited) lines.push(`  ! ${name}`);
      if (value !== null) lines.push(`  ${name}: ${value}`);
    }
    return lines.join("\n");
  });
  const text = `${blocks.join("\n\n")}\n`;
  assertCloudflareLimits(text);
  return text;
}

/** Throws (and so fails the build) when `_headers` would pass Cloudflare Pages' limits. */
export function assertCloudflareLimits(text: string): void {
  const lines = text.split("\n");
  const paths = lines.filter((line) => line.startsWith("/"));
  if (paths.length > cloudflareLimits.rules) {
    throw new Error(
      `_headers needs ${paths.length} rules; Cloudflare Pages allows at most ${cloudflareLimits.rules} ` +
        `(two per page, for /x and /x/). Serve the site with the Node server or group pages under a shared policy.`,
    );
  }
  let path = "";
  for (const line of lines) {
    if (line.startsWith("/")) path = line;
    if (line.length > cloudflareLimits.lineLength) {
      throw new Error(
        `_headers has a line of ${line.length} characters under "${path}"; Cloudflare Pages allows at most 2,000.`,
      );
    }
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const escapeSource = (text: string) => text.replace(/[:*?+(){}\\]/g, "\\$&");

/**
 * `vercel.json`. Vercel applies every header entry whose `source` matches, so where a later
 * rule replaces or removes a header, the broader entry's source excludes that rule's paths
 * (a negative lookahead): each path matches exactly one entry per header.
 */
export function toVercelJson(rules: HeaderRule[]): string {
  const entries = new Map<string, { key: string; value: string }[]>();
  rules.forEach((rule, index) => {
    for (const [key, value] of Object.entries(rule.headers)) {
      if (value === null) continue;
      const source = vercelSource(
        rule,
        rules.slice(index + 1).filter((later) => key in later.headers && covers(rule, later)),
      );
      entries.set(source, [...(entries.get(source) ?? []), { key, value }]);
    }
  });
  const headers = [...entries].map(([source, values]) => ({ source, headers: values }));
  return `${JSON.stringify({ cleanUrls: true, trailingSlash: false, headers }, null, 2)}\n`;
}

function vercelSource(rule: HeaderRule, exceptions: HeaderRule[]): string {
  if (!rule.path.endsWith("*")) return escapeSource(rule.path);
  const prefix = prefixOf(rule.path);
  const excluded = exceptions.map((later) => {
    const rest = escapeRegExp(prefixOf(later.path).slice(prefix.length));
    return later.path.endsWith("*") ? rest : `${rest}$`;
  });
  const lookahead = excluded.length > 0 ? `(?!${excluded.join("|")})` : "";
  return `${escapeSource(prefix)}(${lookahead}.*)`;
}

export function writeHostHeaderFiles(
  dir: string,
  pages: BuiltPage[],
  connectOrigins: string[],
  extraRules: HeaderRule[] = [],
): void {
  const rules = hostHeaderRules(pages, connectOrigins, extraRules);
  writeFileSync(`${dir}/_headers`, toNetlifyHeaders(rules));
  writeFileSync(`${dir}/../vercel.json`, toVercelJson(rules));
}
