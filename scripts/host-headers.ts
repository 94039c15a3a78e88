import { writeFileSync } from "node:fs";
import {
  baseSecurityHeaders,
  cacheControl,
  hstsHeader,
  pageHeaders,
} from "../server/security-headers.ts";

export type BuiltPage = { urlPath: string; html: string };

export type HeaderRule = { path: string; headers: Record<string, string> };

/**
 * Header rules for static hosts, from server/security-headers.ts. Every page gets its own
 * Content-Security-Policy (its inline-script hashes differ), so no catch-all rule carries one:
 * Netlify and Cloudflare merge matching rules, and two CSPs would intersect.
 */
export function hostHeaderRules(
  pages: BuiltPage[],
  connectOrigins: string[],
  extraRules: HeaderRule[] = [],
): HeaderRule[] {
  const rules: HeaderRule[] = [
    { path: "/*", headers: { ...baseSecurityHeaders, ...hstsHeader } },
    { path: "/assets/*", headers: { "Cache-Control": cacheControl.immutable } },
  ];
  for (const page of pages) {
    const { "Content-Security-Policy": csp } = pageHeaders(page.html, connectOrigins);
    const paths = page.urlPath === "/404.html" ? ["/404.html"] : [page.urlPath];
    for (const path of paths) {
      rules.push({
        path,
        headers: { "Content-Security-Policy": csp ?? "", "Cache-Control": cacheControl.revalidate },
      });
    }
  }
  return [...rules, ...extraRules];
}

export function toNetlifyHeaders(rules: HeaderRule[]): string {
  return rules
    .map(({ path, headers }) =>
      [path, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)].join("\n"),
    )
    .join("\n\n")
    .concat("\n");
}

export function toVercelJson(rules: HeaderRule[]): string {
  const headers = rules.map(({ path, headers: values }) => ({
    source: path === "/*" ? "/(.*)" : path.replace("/*", "/(.*)"),
    headers: Object.entries(values).map(([key, value]) => ({ key, value })),
  }));
  return `${JSON.stringify({ cleanUrls: true, trailingSlash: false, headers }, null, 2)}\n`;
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
