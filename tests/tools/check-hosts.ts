import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { stripVTControlCharacters } from "node:util";
import {
  baseSecurityHeaders,
  cacheControl,
  contentSecurityPolicy,
  hstsHeader,
  scriptHashes,
  styleHashes,
} from "../../server/security-headers.ts";
import { freePort } from "./free-port.ts";
import { installApart } from "./install-apart.ts";

/**
 * `npm run check:hosts`: serves build/client with Cloudflare's own local runtime
 * (`wrangler pages dev`, which applies `_headers` with the Pages asset server) and checks every
 * prerendered route at /x and /x/, an unknown path and a hashed asset against the headers our
 * server sends. Needs a build; not part of `npm test`.
 */

// The newest wrangler whose engines accept Node 20; it is kept out of package.json.
const wranglerVersion = "4.86.0";
// The release date of its workerd, which refuses compatibility dates it does not know yet.
const compatibilityDate = "2026-04-26";
const cacheDir = ".cache/wrangler";
const clientDir = "build/client";

const started = performance.now();
const failures: string[] = [];

function expectEqual(actual: unknown, expected: unknown, what: string) {
  if (actual !== expected) {
    failures.push(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
  }
}

function installWrangler(): string {
  return join(installApart("wrangler", wranglerVersion), "bin/wrangler.js");
}

/** No telemetry, no prompts, no calls home; its settings, logs and registry stay in the cache. */
function wranglerEnv(): NodeJS.ProcessEnv {
  const cache = resolve(cacheDir);
  return {
    ...process.env,
    WRANGLER_SEND_METRICS: "false",
    WRANGLER_SEND_ERROR_REPORTS: "false",
    // The banner asks the registry for a newer version; the Request.cf object comes from Cloudflare.
    WRANGLER_HIDE_BANNER: "true",
    CLOUDFLARE_CF_FETCH_ENABLED: "false",
    XDG_CONFIG_HOME: join(cache, "config"),
    WRANGLER_LOG_PATH: join(cache, "logs"),
    WRANGLER_REGISTRY_PATH: join(cache, "registry"),
  };
}

function spawnWrangler(bin: string, port: number, inspectorPort: number) {
  // Run inside the cache folder, where wrangler also leaves its .wrangler/ scratch folder.
  const cwd = resolve(cacheDir);
  const output: string[] = [];
  const child = spawn(
    process.execPath,
    [
      resolve(bin),
      "pages",
      "dev",
      resolve(clientDir),
      "--ip",
      "127.0.0.1",
      "--port",
      String(port),
      "--inspector-port",
      String(inspectorPort),
      "--compatibility-date",
      compatibilityDate,
      "--persist-to",
      join(cwd, "state"),
      "--no-show-interactive-dev-session",
    ],
    {
      cwd,
      // Its own process group, so stopping it also stops the workerd processes it starts.
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: wranglerEnv(),
    },
  );
  child.stdout?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  return { child, output };
}

async function stopWrangler(child: ChildProcess) {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const group = -child.pid;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(group, name);
    } catch {
      // The group is already gone.
    }
  };
  signal("SIGTERM");
  const timeout = new Promise((resolve) => setTimeout(resolve, 5000, "timeout"));
  if ((await Promise.race([exited, timeout])) === "timeout") {
    signal("SIGKILL");
    await exited;
  }
}

/**
 * Starts wrangler on a free loopback port. Readiness comes from its own "Ready on" line, not
 * from any answer on the port: another process can take the port between freePort() and
 * workerd's bind, and workerd then fails without wrangler exiting.
 */
async function startWrangler(bin: string, onSpawn: (child: ChildProcess) => void) {
  for (let attempt = 1; attempt <= 3; attempt++) {
    const port = await freePort();
    const { child, output } = spawnWrangler(bin, port, await freePort());
    onSpawn(child);
    const deadline = Date.now() + 60_000;
    let portTaken = false;
    while (Date.now() < deadline && !portTaken) {
      const text = stripVTControlCharacters(output.join(""));
      if (text.includes(`Ready on http://127.0.0.1:${port}`)) {
        return { child, output, origin: `http://127.0.0.1:${port}` };
      }
      portTaken = text.includes("Address already in use");
      if (child.exitCode !== null) throw new Error(`wrangler exited before it was ready:\n${text}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await stopWrangler(child);
    if (!portTaken) throw new Error(`wrangler was not ready within 60 s:\n${output.join("")}`);
  }
  throw new Error("wrangler found no free loopback port in 3 attempts");
}

/** Fetches a path and follows at most one redirect of the host's own, on the same origin. */
async function fetchOnHost(origin: string, path: string) {
  const first = await fetch(`${origin}${path}`, { redirect: "manual" });
  if (first.status < 300 || first.status >= 400) return { response: first, redirected: false };
  const location = new URL(first.headers.get("location") ?? "", `${origin}${path}`);
  expectEqual(location.origin, origin, `${path} redirect target origin`);
  const response = await fetch(location, { redirect: "manual" });
  if (response.status >= 300 && response.status < 400) {
    failures.push(`${path}: more than one redirect (${location.pathname} redirects again)`);
  }
  return { response, redirected: true };
}

function* htmlFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(path);
    else if (entry.name === "index.html") yield path;
  }
}

const routeOf = (file: string) => `/${relative(clientDir, file).split(sep).slice(0, -1).join("/")}`;

/** connect-src depends on the build's configuration, so it is read from the generated file. */
function connectOriginsOf(headersFile: string): string[] {
  const catchAll = headersFile.split("\n\n").find((block) => block.startsWith("/*\n")) ?? "";
  const connectSrc = /connect-src ([^;\n]+)/.exec(catchAll)?.[1] ?? "";
  return connectSrc.split(" ").filter((source) => source !== "'self'");
}

function checkSecurityHeaders(what: string, headers: Headers) {
  for (const [name, value] of Object.entries({ ...baseSecurityHeaders, ...hstsHeader })) {
    expectEqual(headers.get(name), value, `${what} ${name}`);
  }
}

async function main() {
  if (!existsSync(join(clientDir, "_headers"))) {
    throw new Error(`check:hosts: no ${clientDir}/_headers; run \`npm run build\` first`);
  }
  const connectOrigins = connectOriginsOf(readFileSync(join(clientDir, "_headers"), "utf8"));
  const cspFor = (html: string) =>
    contentSecurityPolicy({
      scriptHashes: scriptHashes(html),
      styleHashes: styleHashes(html),
      connectOrigins,
    });
  const routes = [...htmlFiles(clientDir)].map((file) => ({
    route: routeOf(file),
    html: readFileSync(file, "utf8"),
  }));
  const notFoundHtml = readFileSync(join(clientDir, "404.html"), "utf8");

  const bin = installWrangler();
  const version = spawnSync(process.execPath, [bin, "--version"], {
    encoding: "utf8",
    env: wranglerEnv(),
  }).stdout?.trim();
  if (!version) throw new Error(`check:hosts: ${bin} does not run`);
  let child: ChildProcess | undefined;
  let output: string[] = [];
  const stop = () => (child ? stopWrangler(child) : Promise.resolve());
  const stopOnSignal = () => void stop().finally(() => process.exit(130));
  process.once("SIGINT", stopOnSignal);
  process.once("SIGTERM", stopOnSignal);

  let urls = 0;
  let redirects = 0;
  try {
    const started = await startWrangler(bin, (spawned) => (child = spawned));
    output = started.output;
    const { origin } = started;
    for (const { route, html } of routes) {
      for (const path of route === "/" ? ["/"] : [route, `${route}/`]) {
        const { response, redirected } = await fetchOnHost(origin, path);
        urls++;
        if (redirected) redirects++;
        const body = await response.text();
        expectEqual(response.status, 200, `${path} status`);
        expectEqual(body === html, true, `${path} serves ${route}'s HTML`);
        expectEqual(response.headers.get("content-security-policy"), cspFor(html), `${path} CSP`);
        expectEqual(
          response.headers.get("cache-control"),
          cacheControl.revalidate,
          `${path} caching`,
        );
        checkSecurityHeaders(path, response.headers);
      }
    }

    const unknown = "/check-hosts/no-such-page";
    const notFound = await fetch(`${origin}${unknown}`, { redirect: "manual" });
    expectEqual(notFound.status, 404, `${unknown} status`);
    expectEqual((await notFound.text()) === notFoundHtml, true, `${unknown} serves 404.html`);
    expectEqual(
      notFound.headers.get("content-security-policy"),
      cspFor(notFoundHtml),
      `${unknown} CSP`,
    );
    // Pages replaces any Cache-Control on a 404 with no-store; like no-cache, nothing reuses it.
    const notFoundCaching = notFound.headers.get("cache-control");
    if (notFoundCaching !== cacheControl.revalidate && notFoundCaching !== "no-store") {
      failures.push(`${unknown} caching: expected no-cache or no-store, got ${notFoundCaching}`);
    }
    checkSecurityHeaders(unknown, notFound.headers);

    const asset = /\/assets\/[^"]+\.js/.exec(routes.find((r) => r.route === "/")?.html ?? "")?.[0];
    if (!asset) throw new Error("check:hosts: the home page names no hashed script");
    const assetResponse = await fetch(`${origin}${asset}`, { redirect: "manual" });
    await assetResponse.arrayBuffer();
    expectEqual(assetResponse.status, 200, `${asset} status`);
    expectEqual(
      assetResponse.headers.get("cache-control"),
      cacheControl.immutable,
      `${asset} caching`,
    );
    expectEqual(assetResponse.headers.get("content-security-policy"), null, `${asset} CSP`);
    checkSecurityHeaders(asset, assetResponse.headers);
  } catch (error) {
    failures.push(String(error));
  } finally {
    await stop();
    process.off("SIGINT", stopOnSignal);
    process.off("SIGTERM", stopOnSignal);
  }

  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const checked = `wrangler ${version} (pages dev), ${routes.length} routes at /x and /x/ (${urls} URLs, ${redirects} redirected by the host), an unknown path, a hashed asset`;
  if (failures.length > 0) {
    console.error(output.join("").split("\n").slice(-40).join("\n"));
    console.error(`check:hosts: FAIL (${checked}; ${seconds} s)\n  ${failures.join("\n  ")}`);
    process.exitCode = 1;
  } else {
    console.log(`check:hosts: pass (${checked}; ${seconds} s)`);
  }
}

await main();
