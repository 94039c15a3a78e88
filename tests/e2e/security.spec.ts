import { expect, test } from "./test";
import { readFileSync } from "node:fs";
import { clientDir } from "./build-output";
import { siteRoutes } from "./site-routes";

/** The `_headers` file written for static hosts, parsed into path → headers. */
function hostRules(): Map<string, Record<string, string>> {
  const rules = new Map<string, Record<string, string>>();
  let current: Record<string, string> | undefined;
  for (const line of readFileSync(`${clientDir}/_headers`, "utf8").split("\n")) {
    if (line.trim() === "") continue;
    if (!line.startsWith(" ")) {
      current = {};
      rules.set(line.trim(), current);
    } else if (current && !line.trim().startsWith("!")) {
      const at = line.indexOf(":");
      current[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
    }
  }
  return rules;
}

const expectedEverywhere = {
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "strict-origin-when-cross-origin",
  "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=()",
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
};

test.describe("security headers", () => {
  test("every page carries the Observatory's A+ set, and the same CSP as the static-host file", async ({
    request,
  }) => {
    const rules = hostRules();
    const global = rules.get("/*") ?? {};
    for (const [name, value] of Object.entries(expectedEverywhere))
      expect(global[name]).toBe(value);
    expect(global["strict-transport-security"]).toMatch(/max-age=(\d+)/);
    expect(
      Number(/max-age=(\d+)/.exec(global["strict-transport-security"] ?? "")?.[1]),
    ).toBeGreaterThanOrEqual(31_536_000);

    for (const route of siteRoutes) {
      const response = await request.get(route.path);
      const headers = response.headers();
      for (const [name, value] of Object.entries(expectedEverywhere)) {
        expect.soft(headers[name], `${route.path} ${name}`).toBe(value);
      }
      expect.soft(headers["set-cookie"], route.path).toBeUndefined();
      const csp = headers["content-security-policy"] ?? "";
      expect.soft(csp, route.path).toBe(rules.get(route.path)?.["content-security-policy"]);
      expect.soft(csp).toMatch(/^default-src 'none';/);
      expect.soft(csp).toContain("frame-ancestors 'none'");
      expect.soft(csp).toContain("base-uri 'none'");
      expect.soft(csp).toContain("object-src 'none'");
      const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1] ?? "";
      expect.soft(scriptSrc).not.toMatch(/unsafe|data:|https:|\*/);
    }
  });

  test("the not-found page, assets and the function answer with the same base headers", async ({
    request,
  }) => {
    const asset = (await (await request.get("/")).text()).match(/\/assets\/[^"]+\.js/)?.[0] ?? "";
    // Static hosts give unknown paths the catch-all rule, which carries the not-found page's CSP.
    const notFound = await request.get("/no-such-page");
    expect(notFound.status()).toBe(404);
    expect(notFound.headers()["content-security-policy"]).toBe(
      hostRules().get("/*")?.["content-security-policy"],
    );
    for (const path of ["/no-such-page", asset, "/favicon.svg", "/robots.txt"]) {
      const headers = (await request.get(path)).headers();
      for (const [name, value] of Object.entries(expectedEverywhere)) {
        expect.soft(headers[name], `${path} ${name}`).toBe(value);
      }
    }
    const fn = await request.post("/functions/v1/create-checkout", {
      data: { priceId: "price_pro", isGuest: true },
    });
    expect(fn.headers()["x-content-type-options"]).toBe("nosniff");
    expect(fn.headers()["cache-control"]).toBe("no-store");
  });

  test("content types and caching", async ({ request }) => {
    const home = await request.get("/");
    expect(home.headers()["content-type"]).toBe("text/html; charset=utf-8");
    expect(home.headers()["cache-control"]).toBe("no-cache");
    const html = await home.text();
    const js = html.match(/\/assets\/[^"]+\.js/)?.[0] ?? "";
    const css = html.match(/\/assets\/[^"]+\.css/)?.[0] ?? "";
    const jsResponse = await request.get(js);
    expect(jsResponse.headers()["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(jsResponse.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect((await request.get(css)).headers()["content-type"]).toBe("text/css; charset=utf-8");
  });
});

test.describe("the production server refuses what it must", () => {
  test("no file outside the build, HEAD, POST to static paths, unknown assets", async ({
    request,
    baseURL,
  }) => {
    for (const path of [
      "/../package.json",
      "/%2e%2e/%2e%2e/etc/passwd",
      "/..%2f..%2fpackage.json",
      "/assets/..%2f..%2fpackage.json",
    ]) {
      const response = await fetch(`${baseURL}${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.text()).not.toContain('"devDependencies"');
    }
    expect((await fetch(`${baseURL}/assets/%00.js`)).status).toBe(400);
    const head = await fetch(`${baseURL}/pricing`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    const post = await request.post("/pricing", { data: "x" });
    expect(post.status()).toBe(405);
    expect(post.headers()["allow"]).toBe("GET, HEAD");
    const missing = await request.get("/assets/nope.js");
    expect(missing.status()).toBe(404);
    expect(missing.headers()["content-type"]).toContain("application/json");
  });

  test("the build's host configuration files are never served", async ({ request }) => {
    for (const path of ["/_headers", "/vercel.json"]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      expect(await response.text(), path).not.toContain("Content-Security-Policy");
    }
  });
});

test.describe("Content-Security-Policy in the browser", () => {
  test("no violation on any route, in the menu, the accordion or a checkout click", async ({
    page,
    gotoHydrated,
  }) => {
    test.slow(); // every route, each until the network is idle
    const violations: string[] = [];
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    page.on("console", (message) => {
      if (/CSP violation|Refused to/.test(message.text()))
        violations.push(`${page.url()}: ${message.text()}`);
    });
    for (const route of siteRoutes) {
      await gotoHydrated(route.path);
      await page.waitForLoadState("networkidle");
    }
    await gotoHydrated("/help");
    await page.locator("summary", { hasText: "Which audio formats can I upload?" }).click();
    await gotoHydrated("/pricing");
    await page
      .getByRole("region", { name: /Ready to get more/ })
      .getByRole("button")
      .click();
    await expect(page.getByText(/Failed to start subscription process/)).toBeVisible();
    await page.setViewportSize({ width: 375, height: 740 });
    await page.getByRole("button", { name: "Menu" }).click();
    await page.locator("#mobile-menu").getByRole("link", { name: "About" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("About Castloop");
    expect(violations).toEqual([]);
  });
});
