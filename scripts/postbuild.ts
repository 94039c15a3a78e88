import { existsSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { relative, sep } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { captureEarlyInput } from "./early-input.ts";
import { writeHostHeaderFiles } from "./host-headers.ts";
import {
  deferModulePreloads,
  deferModuleScript,
  inlineStylesheet,
  paintAfterMain,
} from "./html-rewrites.ts";
import { writeShareImageFor } from "./og-images.ts";
import { buildRobots, buildSitemap } from "./sitemap.ts";
import { loadEnvOrExit, writeBuiltPublicEnv } from "../server/env.ts";
import { filesUnder } from "../server/files.ts";
import { connectOrigins } from "../server/security-headers.ts";
import { writeBlogFeed } from "../app/lib/blog.server.ts";

const env = loadEnvOrExit();
// Runs after `react-router build`: finishes build/client for our server and for static hosts.
const dir = "build/client";

// React Router prerenders the not-found route at /404; static hosts and our server want /404.html.
if (!existsSync(`${dir}/404/index.html`)) throw new Error("postbuild: /404 was not prerendered");
renameSync(`${dir}/404/index.html`, `${dir}/404.html`);
rmSync(`${dir}/404`, { recursive: true });
rmSync(`${dir}/404.data`, { force: true });
// Every page is prerendered; an SPA fallback would answer unknown paths with 200.
rmSync(`${dir}/__spa-fallback.html`, { force: true });

const pages = [...filesUnder(dir)]
  .filter((file) => file.endsWith(".html"))
  .map((file) => ({ file, urlPath: toUrlPath(relative(dir, file).split(sep).join("/")) }));

function toUrlPath(file: string): string {
  if (file === "index.html") return "/";
  if (file === "404.html") return "/404.html";
  return `/${file.replace(/\/index\.html$/, "")}`;
}

// The whole first screen painted from the HTML alone, then every chunk fetched at once, and taps
// made meanwhile kept for after hydration (scripts/html-rewrites.ts, early-input.ts; ADR 007).
const htmlPages = pages.map(({ file, urlPath }) => {
  const html = captureEarlyInput(
    paintAfterMain(
      inlineStylesheet(deferModuleScript(deferModulePreloads(readFileSync(file, "utf8"))), (href) =>
        readFileSync(`${dir}${href}`, "utf8"),
      ),
    ),
  );
  writeFileSync(file, html);
  return { urlPath, html };
});

// Search engines: every indexable page, and where to find the list.
const siteUrl = env.public.SITE_URL;
writeFileSync(`${dir}/sitemap.xml`, buildSitemap(htmlPages, siteUrl));
writeFileSync(`${dir}/robots.txt`, buildRobots(siteUrl));
writeBlogFeed(dir, siteUrl);

writeHostHeaderFiles(dir, htmlPages, connectOrigins(env.public.VITE_SUPABASE_URL));
// The server builds its CSP from the values the bundle was built with.
writeBuiltPublicEnv(env.public);

// Share images for every page that names one.
const shareImages = new Set<string>();
for (const { html } of htmlPages) {
  const written = await writeShareImageFor(html, dir);
  if (written) shareImages.add(written);
}

// Precompress text files so the server can answer with brotli or gzip without work per request.
const compressible = /\.(html|js|css|svg|json|xml|txt|data|webmanifest)$/;
let compressed = 0;
for (const file of [...filesUnder(dir)]) {
  if (!compressible.test(file) || statSync(file).size < 512) continue;
  const body = readFileSync(file);
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  compressed++;
}
console.log(
  `postbuild: ${pages.length} pages, ${shareImages.size} share images, sitemap, robots.txt, host header files, ${compressed} files precompressed`,
);
