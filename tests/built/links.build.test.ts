import { describe, expect, it } from "vitest";
import { siteRoutes } from "../e2e/site-routes.ts";
import { builtPage, builtXml, serve, siteUrl } from "./built-site.ts";

/** Every URL a page refers to: links, sources, srcsets and link tags. */
function referencesIn(document: Document): string[] {
  const refs: string[] = [];
  for (const element of document.querySelectorAll("[href], [src]")) {
    for (const name of ["href", "src"]) {
      const value = element.getAttribute(name);
      if (value !== null) refs.push(value);
    }
  }
  for (const element of document.querySelectorAll("[srcset]")) {
    for (const candidate of element.getAttribute("srcset")!.split(",")) {
      refs.push(candidate.trim().split(/\s+/)[0]!);
    }
  }
  return refs;
}

const origin = new URL(siteUrl).origin;
const answers = new Map<string, Promise<Response>>();
/** The production server's answer to a path, asked once per test file. */
const answer = (path: string) => {
  if (!answers.has(path)) answers.set(path, serve(path));
  return answers.get(path)!;
};

// No internal link, asset or #fragment of any page may be missing, as the production server
// answers them (external links are not fetched).
describe.each(siteRoutes.map((route) => route.path))("%s", (path) => {
  it("has no broken internal links, assets or anchors", async () => {
    const problems: string[] = [];
    for (const ref of referencesIn(builtPage(path))) {
      if (/^(mailto:|tel:|javascript:)/.test(ref)) continue;
      const url = new URL(ref, `${origin}${path}`);
      if (url.origin !== origin) continue;
      const target = await answer(url.pathname);
      if (target.status !== 200) problems.push(`${ref} answered ${target.status}`);
      if (!url.hash || !(target.headers.get("content-type") ?? "").startsWith("text/html"))
        continue;
      const id = decodeURIComponent(url.hash.slice(1));
      if (!builtPage(url.pathname).getElementById(id)) {
        problems.push(`${ref}: no element with id ${url.hash}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

it("the sitemap's pages and the home page all answer 200", async () => {
  const paths = [...builtXml("sitemap.xml").getElementsByTagName("loc")].map(
    (loc) => new URL(loc.textContent ?? "").pathname,
  );
  // Every route docs/product.md lists but /success, which only Stripe links to.
  expect(paths.length).toBeGreaterThanOrEqual(17);
  for (const path of ["/", ...paths]) expect((await answer(path)).status, path).toBe(200);
});
