import { describe, expect, it } from "vitest";
import { inlineScripts } from "./security-headers";

describe("inlineScripts", () => {
  it("lists the scripts a CSP must allow: classic, module and speculation rules", () => {
    const html =
      '<script>a()</script><script type="module">b()</script>' +
      '<script type="speculationrules">{"prefetch":[]}</script>' +
      '<script type="application/ld+json">{"@type":"Thing"}</script><script src="/x.js"></script>';
    expect(inlineScripts(html)).toEqual(["a()", "b()", '{"prefetch":[]}']);
  });
});
