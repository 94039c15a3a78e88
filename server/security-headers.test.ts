import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { runtimeStylesheets } from "./runtime-styles";
import {
  contentSecurityPolicy,
  formActionSources,
  inlineScripts,
  inlineStyles,
  styleHashes,
} from "./security-headers";

const sha256 = (text: string) =>
  `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

describe("inlineScripts", () => {
  it("lists the scripts a CSP must allow: classic, module and speculation rules", () => {
    const html =
      '<script>a()</script><script type="module">b()</script>' +
      '<script type="speculationrules">{"prefetch":[]}</script>' +
      '<script type="application/ld+json">{"@type":"Thing"}</script><script src="/x.js"></script>';
    expect(inlineScripts(html)).toEqual(["a()", "b()", '{"prefetch":[]}']);
  });
});

describe("styleHashes", () => {
  it("hashes each inline stylesheet once, and the toaster's run-time stylesheet", () => {
    const html = "<style>a{color:red}</style><p>x</p><style media=print>a{color:red}</style>";
    expect(inlineStyles(html)).toEqual(["a{color:red}", "a{color:red}"]);
    const [empty, toaster] = runtimeStylesheets();
    expect(empty).toBe("");
    expect(toaster).toContain("[data-sonner-toaster]");
    expect(styleHashes(html)).toEqual([sha256("a{color:red}"), sha256(""), sha256(toaster!)]);
  });

  it("goes into style-src, which allows nothing inline without a hash", () => {
    const csp = contentSecurityPolicy({
      scriptHashes: [],
      styleHashes: styleHashes("<p>no style</p>"),
      connectOrigins: [],
    });
    const styleSrc = /style-src ([^;]+)/.exec(csp)?.[1];
    expect(styleSrc).toBe(`'self' ${runtimeStylesheets().map(sha256).join(" ")}`);
    expect(csp).not.toContain("unsafe");
  });
});

describe("form-action", () => {
  it("names the site, each form-posting function on the functions origin, and Stripe Checkout", () => {
    expect(formActionSources(["https://ref.supabase.co"])).toEqual([
      "'self'",
      "https://ref.supabase.co/functions/v1/create-checkout",
      "https://ref.supabase.co/functions/v1/manage-subscription",
      "https://checkout.stripe.com",
    ]);
  });

  it("without a Supabase project the site serves the function itself: 'self' covers it", () => {
    expect(formActionSources([], ["http://127.0.0.1:5555"])).toEqual([
      "'self'",
      "http://127.0.0.1:5555",
    ]);
  });

  it("is what the policy says", () => {
    const csp = contentSecurityPolicy({
      scriptHashes: [],
      styleHashes: [],
      connectOrigins: ["https://ref.supabase.co"],
    });
    expect(csp).toContain(
      "form-action 'self' https://ref.supabase.co/functions/v1/create-checkout https://ref.supabase.co/functions/v1/manage-subscription https://checkout.stripe.com;",
    );
  });
});
