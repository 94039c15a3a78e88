import { expect, test, type APIRequestContext } from "./test";

const decode = (value: string) =>
  value.replaceAll("&amp;", "&").replaceAll("&#x27;", "'").replaceAll("&quot;", '"');

/** Every URL a page refers to: links, sources, srcsets and link tags. */
function referencesIn(html: string): string[] {
  const refs: string[] = [];
  for (const match of html.matchAll(/\s(?:href|src)="([^"]*)"/g)) refs.push(decode(match[1]!));
  for (const match of html.matchAll(/\ssrcset="([^"]*)"/g)) {
    for (const candidate of decode(match[1]!).split(","))
      refs.push(candidate.trim().split(/\s+/)[0]!);
  }
  return refs;
}

const idsIn = (html: string) =>
  new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => decode(m[1]!)));

// A crawl of the built site from its home page and sitemap: no internal link, asset or
// #fragment may be missing (external links are not fetched).
test("no broken internal links, assets or anchors", async ({ request, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const queue = [
    "/",
    ...[...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname),
  ];
  const pages = new Map<string, string>();
  const checked = new Map<string, number>();
  const problems: string[] = [];

  async function status(client: APIRequestContext, path: string) {
    if (!checked.has(path)) checked.set(path, (await client.get(path)).status());
    return checked.get(path)!;
  }

  while (queue.length > 0) {
    const path = queue.shift()!;
    if (pages.has(path)) continue;
    const response = await request.get(path);
    if (response.status() !== 200) {
      problems.push(`${path} answered ${response.status()}`);
      continue;
    }
    const html = await response.text();
    pages.set(path, html);
    for (const ref of referencesIn(html)) {
      if (/^(mailto:|tel:|javascript:)/.test(ref)) continue;
      const url = new URL(ref, `${origin}${path}`);
      const isSite = url.origin === origin || url.origin === new URL(sitemapOrigin(sitemap)).origin;
      if (!isSite) continue;
      const target = url.pathname;
      const code = await status(request, target);
      if (code !== 200) problems.push(`${path} → ${ref} answered ${code}`);
      const type = (await request.head(target)).headers()["content-type"] ?? "";
      if (type.startsWith("text/html")) {
        queue.push(target);
        if (url.hash) {
          const targetHtml = pages.get(target) ?? (await (await request.get(target)).text());
          if (!idsIn(targetHtml).has(decodeURIComponent(url.hash.slice(1)))) {
            problems.push(`${path} → ${ref}: no element with id ${url.hash}`);
          }
        }
      }
    }
  }
  expect(problems).toEqual([]);
  // Every route of the spec but /success, which only Stripe links to.
  expect(pages.size).toBeGreaterThanOrEqual(17);
});

function sitemapOrigin(sitemap: string): string {
  return /<loc>([^<]+)<\/loc>/.exec(sitemap)?.[1] ?? "http://invalid";
}
