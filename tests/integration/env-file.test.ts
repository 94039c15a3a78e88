import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../tools/free-port.ts";
import { serveBuild, type Served } from "../tools/serve-build.ts";
import { startFakeStripe, type FakeStripe } from "../fakes/fake-stripe.ts";

// A site configured only through .env, as the README documents, must carry the .env
// values everywhere: the build, its post-processing, the host files and the server.
const siteUrl = "https://castloop.example";
const supabaseOrigin = "https://abcdefgh.supabase.co";
// The other build of the optional portal link (the default build leaves it unset).
const portal = "https://billing.stripe.com/p/login/test_envfile";
const sources = [
  "app",
  "content",
  "public",
  "scripts",
  "server",
  "supabase",
  "package.json",
  "react-router.config.ts",
  "vite.config.ts",
  "tsconfig.json",
];

/** The machine's environment without any of the site's variables: only .env may set them. */
function bareEnvironment(): NodeJS.ProcessEnv {
  const site = /^(VITE_|SITE_URL$|PORT$|HOST$|STRIPE_|ALLOWED_ORIGINS$|CHECKOUT_|TRUSTED_)/;
  return Object.fromEntries(Object.entries(process.env).filter(([key]) => !site.test(key)));
}

let dir: string;
let fake: FakeStripe;
let port: number;
let served: Served | undefined;
const client = () => join(dir, "build/client");
const read = (path: string) => readFileSync(join(client(), path), "utf8");

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "castloop-env-"));
  for (const source of sources) cpSync(source, join(dir, source), { recursive: true });
  symlinkSync(join(process.cwd(), "node_modules"), join(dir, "node_modules"), "dir");
  fake = await startFakeStripe();
  port = await freePort();
  writeFileSync(
    join(dir, ".env"),
    [
      `PORT=${port}`,
      `SITE_URL=${siteUrl}`,
      `VITE_SUPABASE_URL=${supabaseOrigin}`,
      "VITE_SUPABASE_ANON_KEY=anon-key-from-env-file",
      `VITE_BILLING_PORTAL_URL=${portal}`,
      "STRIPE_SECRET_KEY=sk_test_from_env_file",
      "STRIPE_PRICE_STARTER=price_envfile_starter",
      "STRIPE_PRICE_PRO=price_envfile_pro",
      "STRIPE_PRICE_EXPERT=price_envfile_expert",
      `STRIPE_API_BASE=${fake.url}`,
      "CHECKOUT_RATE_LIMIT=0",
    ].join("\n"),
  );
  const build = spawnSync("npm", ["run", "build"], {
    cwd: dir,
    env: bareEnvironment(),
    encoding: "utf8",
  });
  if (build.status !== 0) throw new Error(`build failed:\n${build.stdout}\n${build.stderr}`);
}, 300_000);

// The server gets 5 s to stop before it is killed (serve-build.ts), and a loaded two-core
// machine adds the process's own exit on top: more than the default 10 s hook.
afterAll(async () => {
  await served?.stop();
  await fake?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
}, 30_000);

describe("a site configured only by .env", () => {
  it("links, lists and shares pages under the .env SITE_URL", () => {
    const home = read("index.html");
    expect(home).toContain(`<link rel="canonical" href="${siteUrl}/"`);
    expect(home).toMatch(new RegExp(`property="og:image" content="${siteUrl}/`));
    expect(read("pricing/index.html")).toContain(`href="${siteUrl}/pricing"`);
    const sitemap = read("sitemap.xml");
    expect(sitemap).toContain(`<loc>${siteUrl}/pricing</loc>`);
    expect(sitemap).not.toContain("localhost");
    expect(read("robots.txt")).toContain(`Sitemap: ${siteUrl}/sitemap.xml`);
    const feed = read("blog/rss.xml");
    expect(feed).toContain(`<link>${siteUrl}/blog</link>`);
    expect(feed).not.toContain("localhost");
  });

  it("links the .env portal for invoices and payment details, never as the way to cancel", () => {
    const footer = read("index.html").slice(read("index.html").lastIndexOf("<footer"));
    expect(footer).toContain(`href="${portal}"`);
    expect(footer).toContain("Invoices and payment method (Stripe billing portal)");
    expect(footer).toContain('href="/cancel"');
    expect(read("success/index.html")).toContain(`href="${portal}"`);
    // The footer links it on every page; the Terms themselves never offer it as a way to cancel.
    const terms = read("terms/index.html");
    expect(terms.slice(0, terms.lastIndexOf("<footer"))).not.toContain(portal);
    expect(read("pricing/index.html")).not.toContain(`cancel your subscription at ${portal}`);
    expect(read("pricing/index.html")).toContain(
      '<a href="/cancel" class="font-semibold text-primary underline">Cancel your subscription</a>',
    );
  });

  it("posts the cancellation and withdrawal forms to the .env Supabase project", () => {
    for (const page of ["cancel/index.html", "withdraw/index.html"]) {
      expect(read(page)).toContain(`action="${supabaseOrigin}/functions/v1/manage-subscription"`);
    }
    const csps = read("_headers")
      .split("\n")
      .filter((line) => line.trim().startsWith("Content-Security-Policy:"));
    for (const csp of csps) expect(csp).toContain(`form-action 'self' ${supabaseOrigin}`);
  });

  it("lets every page call the .env Supabase origin in the static-host CSPs", () => {
    const csps = read("_headers")
      .split("\n")
      .filter((line) => line.trim().startsWith("Content-Security-Policy:"));
    expect(csps.length).toBeGreaterThan(10);
    for (const csp of csps) expect(csp).toMatch(new RegExp(`connect-src 'self' ${supabaseOrigin}`));
    const bundle = readFileSync(join(dir, "build/public-env.json"), "utf8");
    expect(JSON.parse(bundle)).toMatchObject({
      SITE_URL: siteUrl,
      VITE_SUPABASE_URL: supabaseOrigin,
    });
  });

  it("serves with the .env CSP and Stripe settings", async () => {
    served = await serveBuild({ cwd: dir, baseEnv: bareEnvironment(), port });
    const page = await fetch(`${served.origin}/pricing`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toContain(
      `connect-src 'self' ${supabaseOrigin}`,
    );

    const checkout = await fetch(`${served.origin}/functions/v1/create-checkout`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: siteUrl },
      body: JSON.stringify({ priceId: "price_pro", isGuest: true }),
    });
    expect(checkout.status).toBe(200);
    const call = fake.requests.at(-1);
    expect(call?.params["line_items[0][price]"]).toBe("price_envfile_pro");
    expect(call?.params["success_url"]).toBe(`${siteUrl}/success?session_id={CHECKOUT_SESSION_ID}`);
    expect(call?.headers["authorization"]).toBe("Bearer sk_test_from_env_file");
  }, 60_000);
});
