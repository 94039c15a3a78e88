import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { pngSize } from "../../app/content/png-size.ts";
import { builtPage, expectedEverywhere, hostRules, serve } from "./built-site.ts";

// The production server's answers, from its own app in-process on the tests' build (the
// listener itself, sockets and shutdown are server/http-server.test.ts's).
describe("security headers beyond the pages", () => {
  it("the static-host file sets the A+ set and a year of HSTS for every path", () => {
    const global = hostRules().get("/*") ?? {};
    for (const [name, value] of Object.entries(expectedEverywhere)) {
      expect(global[name], name).toBe(value);
    }
    const maxAge = /max-age=(\d+)/.exec(global["strict-transport-security"] ?? "")?.[1];
    expect(Number(maxAge)).toBeGreaterThanOrEqual(31_536_000);
  });

  it("the not-found page, assets and the function answer with the same base headers", async () => {
    // "/" ships no script (ADR 009); /pricing hydrates.
    // Its modules are listed in the loader that imports them after the first paint (ADR 020).
    const loader = builtPage("/pricing").querySelector("script[data-module-bootstrap]");
    const assetPath = /"(\/assets\/[^"]+\.js)"/.exec(loader?.textContent ?? "")?.[1] ?? "";
    expect(assetPath).toMatch(/^\/assets\/.+\.js$/);
    // Static hosts give unknown paths the catch-all rule, which carries the not-found page's CSP.
    const notFound = await serve("/no-such-page");
    expect(notFound.status).toBe(404);
    expect(notFound.headers.get("content-security-policy")).toBe(
      hostRules().get("/*")?.["content-security-policy"],
    );
    for (const path of ["/no-such-page", assetPath, "/favicon.svg", "/robots.txt"]) {
      const headers = (await serve(path)).headers;
      for (const [name, value] of Object.entries(expectedEverywhere)) {
        expect.soft(headers.get(name), `${path} ${name}`).toBe(value);
      }
    }
    const fn = await serve("/functions/v1/create-checkout", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ priceId: "price_pro", isGuest: true }),
    });
    expect(fn.headers.get("x-content-type-options")).toBe("nosniff");
    expect(fn.headers.get("cache-control")).toBe("no-store");
  });

  it("content types and caching", async () => {
    const home = await serve("/");
    expect(home.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(home.headers.get("cache-control")).toBe("no-cache");
    const page = builtPage("/pricing");
    const loader = page.querySelector("script[data-module-bootstrap]")?.textContent ?? "";
    const js = /"(\/assets\/[^"]+\.js)"/.exec(loader)?.[1];
    const jsResponse = await serve(js ?? "/assets/missing.js");
    expect(jsResponse.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(jsResponse.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    // The site's stylesheet is inline (ADR 015); the one stylesheet file is the no-script one.
    expect((await serve("/noscript.css")).headers.get("content-type")).toBe(
      "text/css; charset=utf-8",
    );
  });
});

describe("the production server refuses what it must", () => {
  it("no file outside the build, HEAD, POST to static paths, unknown assets", async () => {
    for (const path of [
      "/../package.json",
      "/%2e%2e/%2e%2e/etc/passwd",
      "/..%2f..%2fpackage.json",
      "/assets/..%2f..%2fpackage.json",
    ]) {
      const response = await serve(path);
      expect(response.status, path).toBe(404);
      expect(await response.text()).not.toContain('"devDependencies"');
    }
    expect((await serve("/assets/%00.js")).status).toBe(400);
    const head = await serve("/pricing", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    const post = await serve("/pricing", { method: "POST", body: "x" });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD");
    const missing = await serve("/assets/nope.js");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-type")).toContain("application/json");
  });

  it("the build's host configuration files are never served", async () => {
    for (const path of ["/_headers", "/vercel.json"]) {
      const response = await serve(path);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).not.toContain("Content-Security-Policy");
    }
  });
});

it("every example download answers with its content type and attachment name", async () => {
  const slug = "open-kitchen-hours";
  const kit = parse(readFileSync(`content/examples/${slug}.yaml`, "utf8")) as {
    carousel: unknown[];
  };
  const base = `/examples/${slug}/${slug}`;
  const files: [string, string][] = [
    [`${base}-transcript.txt`, "text/plain; charset=utf-8"],
    [`${base}-clip.srt`, "application/x-subrip"],
    [`${base}-clip.vtt`, "text/vtt; charset=utf-8"],
    [`${base}-carousel.pdf`, "application/pdf"],
    ...kit.carousel.map((_, i): [string, string] => [`${base}-slide-${i + 1}.png`, "image/png"]),
  ];
  for (const [path, type] of files) {
    const response = await serve(path);
    expect(response.status, path).toBe(200);
    expect(response.headers.get("content-type")).toBe(type);
    const name = path.slice(path.lastIndexOf("/") + 1);
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="${name}"`);
    if (type === "image/png") {
      expect(pngSize(new Uint8Array(await response.arrayBuffer()))).toEqual({
        width: 1080,
        height: 1350,
      });
    }
  }
});
