import { describe, expect, it } from "vitest";
import {
  baseSecurityHeaders,
  cacheControl,
  hstsHeader,
  pageHeaders,
} from "../server/security-headers.ts";
import type { BuiltPage } from "./built-pages.ts";
import { hostHeaderRules, toNetlifyHeaders, toVercelJson } from "./host-headers.ts";

const connectOrigins = ["https://ref.supabase.co"];

/** A built page whose inline script, and so whose CSP, differs from every other page's. */
function page(urlPath: string, scripts = 1): BuiltPage {
  const inline = Array.from(
    { length: scripts },
    (_, i) => `<script>window.p${i}="${urlPath}"</script>`,
  );
  return { urlPath, html: `<html><head>${inline.join("")}</head><body></body></html>` };
}

const pages = ["/", "/pricing", "/blog", "/blog/podcast-seo", "/404.html"].map((path) =>
  page(path),
);
const cspOf = (urlPath: string) =>
  pageHeaders(pages.find((p) => p.urlPath === urlPath)!.html, connectOrigins)[
    "Content-Security-Policy"
  ];

type Resolved = Map<string, string[]>;

function add(resolved: Resolved, name: string, value: string) {
  resolved.set(name.toLowerCase(), [...(resolved.get(name.toLowerCase()) ?? []), value]);
}

function parseHeadersFile(text: string) {
  const rules: { path: string; lines: string[] }[] = [];
  for (const line of text.split("\n")) {
    if (line.trim() === "" || line.trim().startsWith("#")) continue;
    if (/^\s/.test(line)) rules.at(-1)!.lines.push(line.trim());
    else rules.push({ path: line.trim(), lines: [] });
  }
  return rules;
}

/**
 * Cloudflare Pages ("Headers"): every rule whose path matches applies in file order; a splat
 * matches any characters; `! Name` removes what earlier rules set; a header set twice is
 * joined with a comma, which a header that may appear once shows as a second value.
 */
function cloudflare(text: string, path: string): Resolved {
  const resolved: Resolved = new Map();
  for (const rule of parseHeadersFile(text)) {
    const matches = rule.path.endsWith("*")
      ? path.startsWith(rule.path.slice(0, -1))
      : path === rule.path;
    if (!matches) continue;
    for (const line of rule.lines) {
      if (line.startsWith("!")) resolved.delete(line.slice(1).trim().toLowerCase());
      else
        add(resolved, line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 1).trim());
    }
  }
  return resolved;
}

/**
 * Netlify (headers-parser and the CLI's matcher): a rule's path matches with or without a
 * trailing slash, lines without a colon are ignored, and a later rule's value for a header
 * replaces an earlier one's.
 */
function netlify(text: string, path: string): Resolved {
  const resolved: Resolved = new Map();
  for (const rule of parseHeadersFile(text)) {
    const pattern = rule.path
      .split("/")
      .filter(Boolean)
      .map((part) => (part === "*" ? "?(.*)" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
      .join("/");
    if (!new RegExp(`^/${pattern}/?$`, "iu").test(path)) continue;
    for (const line of rule.lines.filter((l) => l.includes(":"))) {
      const name = line.slice(0, line.indexOf(":")).toLowerCase();
      resolved.set(name, [line.slice(line.indexOf(":") + 1).trim()]);
    }
  }
  return resolved;
}

/** Vercel's `source` (path-to-regexp, strict): literal text, and `(...)` groups as regular expressions. */
function sourceRegExp(source: string): RegExp {
  let pattern = "";
  for (let i = 0; i < source.length;) {
    if (source[i] === "(") {
      let depth = 0;
      let j = i;
      do {
        if (source[j] === "\\") j++;
        else if (source[j] === "(") depth++;
        else if (source[j] === ")") depth--;
        j++;
      } while (depth > 0 && j < source.length);
      pattern += source.slice(i, j);
      i = j;
    } else {
      const char = source[i] === "\\" ? source[++i]! : source[i]!;
      pattern += char.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
      i++;
    }
  }
  return new RegExp(`^${pattern}$`);
}

/** Vercel: every entry whose source matches adds its headers; a key two entries set shows twice. */
function vercel(json: string, path: string): Resolved {
  const resolved: Resolved = new Map();
  const config = JSON.parse(json) as {
    headers: { source: string; headers: { key: string; value: string }[] }[];
  };
  for (const entry of config.headers) {
    if (!sourceRegExp(entry.source).test(path)) continue;
    for (const { key, value } of entry.headers) add(resolved, key, value);
  }
  return resolved;
}

const rules = hostHeaderRules(pages, connectOrigins);
const headersFile = toNetlifyHeaders(rules);
const vercelJson = toVercelJson(rules);
const hosts = {
  "Cloudflare Pages": (path: string) => cloudflare(headersFile, path),
  Netlify: (path: string) => netlify(headersFile, path),
  Vercel: (path: string) => vercel(vercelJson, path),
};
const pagePaths = pages.filter((p) => p.urlPath !== "/404.html").map((p) => p.urlPath);
const withSlashes = pagePaths.flatMap((path) => (path === "/" ? [path] : [path, `${path}/`]));

describe("static host header files", () => {
  it.each(Object.entries(hosts))("%s: a page's own CSP applies at /x and at /x/", (_, host) => {
    for (const path of withSlashes) {
      const expected = cspOf(path === "/" ? "/" : path.replace(/\/$/, ""));
      expect(host(path).get("content-security-policy"), path).toEqual([expected]);
    }
  });

  it.each(Object.entries(hosts))(
    "%s: unknown paths get the not-found page's CSP, with its own script hashes",
    (_, host) => {
      const notFound = cspOf("/404.html");
      expect(notFound).toMatch(/script-src 'self' 'sha256-/);
      for (const path of ["/no-such-page", "/blog/no-such-post", "/pricing/x", "/404.html"]) {
        expect(host(path).get("content-security-policy"), path).toEqual([notFound]);
      }
    },
  );

  it.each(Object.entries(hosts))(
    "%s: every response carries the server's security headers and caching, each once",
    (_, host) => {
      const everywhere = { ...baseSecurityHeaders, ...hstsHeader };
      for (const path of [...withSlashes, "/no-such-page", "/assets/entry-AbC123.js"]) {
        const resolved = host(path);
        for (const [name, value] of Object.entries(everywhere)) {
          expect(resolved.get(name.toLowerCase()), `${path} ${name}`).toEqual([value]);
        }
        const caching = path.startsWith("/assets/")
          ? cacheControl.immutable
          : cacheControl.revalidate;
        expect(resolved.get("cache-control"), path).toEqual([caching]);
      }
    },
  );

  it("sends no CSP with hashed assets on Cloudflare Pages and Vercel, as the server does", () => {
    expect(
      hosts["Cloudflare Pages"]("/assets/entry-AbC123.js").has("content-security-policy"),
    ).toBe(false);
    expect(hosts.Vercel("/assets/entry-AbC123.js").has("content-security-policy")).toBe(false);
  });

  // The sample kits' downloads (scripts/example-files.ts) come as rules after the pages'.
  it.each(["Cloudflare Pages", "Netlify", "Vercel"] as const)(
    "%s: a download gets its attachment name once, and keeps the security headers",
    (host) => {
      const file = "/examples/kit/kit-clip.srt";
      const disposition = 'attachment; filename="kit-clip.srt"';
      const withDownload = hostHeaderRules(pages, connectOrigins, [
        { path: file, headers: { "Content-Disposition": disposition } },
      ]);
      const resolve = {
        "Cloudflare Pages": (path: string) => cloudflare(toNetlifyHeaders(withDownload), path),
        Netlify: (path: string) => netlify(toNetlifyHeaders(withDownload), path),
        Vercel: (path: string) => vercel(toVercelJson(withDownload), path),
      }[host];
      const resolved = resolve(file);
      expect(resolved.get("content-disposition")).toEqual([disposition]);
      expect(resolved.get("x-content-type-options")).toEqual(["nosniff"]);
      expect(resolve("/pricing").has("content-disposition")).toBe(false);
    },
  );

  it("fails when the pages need more than Cloudflare's 100 header rules", () => {
    const many = [...Array.from({ length: 60 }, (_, i) => page(`/p${i}`)), page("/404.html")];
    expect(() => toNetlifyHeaders(hostHeaderRules(many, connectOrigins))).toThrow(
      /_headers needs 1\d\d rules; Cloudflare Pages allows at most 100/,
    );
  });

  it("fails when a line is longer than Cloudflare's 2,000 characters", () => {
    const long = [page("/", 40), page("/404.html")];
    expect(() => toNetlifyHeaders(hostHeaderRules(long, connectOrigins))).toThrow(
      /line of \d+ characters under "\/"; Cloudflare Pages allows at most 2,000/,
    );
  });
});
