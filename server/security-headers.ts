import { createHash } from "node:crypto";
import { STRIPE_CHECKOUT_ORIGIN } from "../supabase/functions/create-checkout/schema.ts";
import { FUNCTION_NAMES, functionPath } from "../supabase/functions/_shared/contract.ts";
import { runtimeStylesheets } from "./runtime-styles.ts";

/**
 * The one source of the site's security headers. The production server applies them to every
 * response, and scripts/postbuild.ts writes the same set into `_headers` (Netlify, Cloudflare
 * Pages) and `vercel.json` for static hosts. What each defends and how it is tested: docs/security.md.
 */
export const baseSecurityHeaders = {
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Resource-Policy": "same-origin",
} as const;

/** Sent only when the site is served over HTTPS (browsers ignore it on http). */
export const hstsHeader = {
  "Strict-Transport-Security": "max-age=63072000; includeSubDomains",
} as const;

/**
 * The inline scripts of a page that the CSP must allow: the executable ones and speculation rules
 * (JSON-LD and other data blocks are not executed).
 */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? "";
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && !["module", "text/javascript", "speculationrules"].includes(type)) continue;
    scripts.push(match[2] ?? "");
  }
  return scripts;
}

/** The text of each inline `<style>` element of a page. */
export function inlineStyles(html: string): string[] {
  return [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((match) => match[1] ?? "");
}

/** A CSP source for each distinct text: `'sha256-…'` of its UTF-8 bytes. */
function hashSources(texts: readonly string[]): string[] {
  const hashes = texts.map(
    (text) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`,
  );
  return [...new Set(hashes)];
}

export function scriptHashes(html: string): string[] {
  return hashSources(inlineScripts(html));
}

let runtimeStyleHashes: string[] | undefined;

/**
 * Hashes of the page's inline stylesheets and of those the client inserts at run time (the
 * toaster's, server/runtime-styles.ts). React renders no `style` attribute into the HTML, so
 * `'unsafe-hashes'` is not needed; tests/built/ checks that it stays so.
 */
export function styleHashes(html: string): string[] {
  runtimeStyleHashes ??= hashSources(runtimeStylesheets());
  return [...new Set([...hashSources(inlineStyles(html)), ...runtimeStyleHashes])];
}

/** The origins pages may call besides their own: the Supabase project's, when one is set. */
export function connectOrigins(supabaseUrl: string): string[] {
  return supabaseUrl.trim() === "" ? [] : [new URL(supabaseUrl).origin];
}

/**
 * The functions the pages post forms to, each of which answers with a 303. Where the site calls
 * a Supabase project, `form-action` names each one's endpoint there; one line per function.
 */
export const formPostFunctions = [
  FUNCTION_NAMES.checkout,
  FUNCTION_NAMES.manageSubscription,
] as const;

/**
 * `form-action`: the site's own pages (the search and plan finder forms, and the functions when
 * the site serves them itself), each form-posting function on the functions origin, and the
 * origins of the Checkout pages a checkout post is redirected to, which Chrome checks too.
 */
export function formActionSources(
  functionsOrigins: readonly string[],
  checkoutOrigins: readonly string[] = [STRIPE_CHECKOUT_ORIGIN],
): string[] {
  const endpoints = functionsOrigins.flatMap((origin) =>
    formPostFunctions.map((name) => `${origin}${functionPath(name)}`),
  );
  return ["'self'", ...endpoints, ...checkoutOrigins];
}

export type CspOptions = {
  /** Hashes of the page's inline scripts, from scriptHashes(). */
  scriptHashes: readonly string[];
  /** Hashes of the page's inline and run-time stylesheets, from styleHashes(). */
  styleHashes: readonly string[];
  /** Extra origins the page may call (the Supabase functions origin, when configured). */
  connectOrigins: readonly string[];
  /** Where checkout posts are redirected to (default: Stripe Checkout's origin). */
  checkoutOrigins?: readonly string[];
};

export function contentSecurityPolicy({
  scriptHashes,
  styleHashes,
  connectOrigins,
  checkoutOrigins,
}: CspOptions): string {
  const directives: [string, ...string[]][] = [
    ["default-src", "'none'"],
    ["script-src", "'self'", ...scriptHashes],
    ["style-src", "'self'", ...styleHashes],
    ["img-src", "'self'"],
    ["font-src", "'self'"],
    ["connect-src", "'self'", ...connectOrigins],
    ["manifest-src", "'self'"],
    ["base-uri", "'none'"],
    ["form-action", ...formActionSources(connectOrigins, checkoutOrigins)],
    ["frame-ancestors", "'none'"],
    ["object-src", "'none'"],
  ];
  return directives.map((parts) => parts.join(" ")).join("; ");
}

/** Every header an HTML page is served with. */
export function pageHeaders(
  html: string,
  connectOrigins: readonly string[],
  checkoutOrigins?: readonly string[],
): Record<string, string> {
  return {
    ...baseSecurityHeaders,
    "Content-Security-Policy": contentSecurityPolicy({
      scriptHashes: scriptHashes(html),
      styleHashes: styleHashes(html),
      connectOrigins,
      checkoutOrigins,
    }),
  };
}

export const cacheControl = {
  /** Hashed build assets never change under the same name. */
  immutable: "public, max-age=31536000, immutable",
  /** HTML and other unhashed files: always revalidate (cheap with ETags). */
  revalidate: "no-cache",
  /** A trailing slash to its page: stable, but not forever in case the page goes. */
  redirect: "public, max-age=3600",
} as const;
