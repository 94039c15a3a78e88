import { existsSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { relative, sep } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { assertPagesMatch, notFoundPage, urlPathOf } from "./built-pages.ts";
import { downloadHeaderRules, writeExampleFiles } from "./example-files.ts";
import { writeHostHeaderFiles } from "./host-headers.ts";
import { writeShareImages } from "./og-images.ts";
import { writeBlogFeed } from "./rss.ts";
import { buildRobots, buildSitemap } from "./sitemap.ts";
import { sitePages } from "../app/site/pages.server.ts";
import { notFoundPrerenderPath } from "../react-router.config.ts";
import { loadEnvOrExit, writeBuiltPublicEnv } from "../server/env.ts";
import { filesUnder } from "../server/files.ts";
import { connectOrigins } from "../server/security-headers.ts";

const env = loadEnvOrExit();
// Runs after `react-router build`: finishes build/client for our server and for static hosts.
const dir = "build/client";

// React Router prerenders the not-found route at /404; static hosts and our server want /404.html.
const notFoundDir = `${dir}${notFoundPrerenderPath}`;
if (!existsSync(`${notFoundDir}/index.html`)) {
  throw new Error(`postbuild: ${notFoundPrerenderPath} was not prerendered`);
}
renameSync(`${notFoundDir}/index.html`, `${dir}${notFoundPage}`);
rmSync(notFoundDir, { recursive: true });
// Every page is prerendered; an SPA fallback would answer unknown paths with 200.
rmSync(`${dir}/__spa-fallback.html`, { force: true });
// React Router writes a .data file beside every page with a loader, for client-side
// navigations. Every link here is a document load and no page navigates on the client, so
// nothing requests them (ADR 015).
const dataFiles = [...filesUnder(dir)].filter((file) => file.endsWith(".data"));
for (const file of dataFiles) rmSync(file);

const htmlPages = [...filesUnder(dir)]
  .filter((file) => file.endsWith(".html"))
  .map((file) => ({
    urlPath: urlPathOf(relative(dir, file).split(sep).join("/")),
    html: readFileSync(file, "utf8"),
  }));

// The sitemap, the feed and the share images come from the page metadata, not the built HTML.
const metadata = sitePages();
assertPagesMatch(htmlPages, metadata);

// Search engines: every indexable page, and where to find the list.
const siteUrl = env.public.SITE_URL;
writeFileSync(`${dir}/sitemap.xml`, buildSitemap(metadata, siteUrl));
writeFileSync(`${dir}/robots.txt`, buildRobots(siteUrl));
writeBlogFeed(dir, siteUrl);
// The sample kits' downloads: transcripts, subtitles, carousel slides and PDFs.
const exampleFiles = await writeExampleFiles(dir);

writeHostHeaderFiles(
  dir,
  htmlPages,
  connectOrigins(env.public.VITE_SUPABASE_URL),
  downloadHeaderRules(exampleFiles),
);
// The server builds its CSP from the values the bundle was built with.
writeBuiltPublicEnv(env.public);

const shareImages = await writeShareImages(metadata, dir, siteUrl);

// Precompress text files so the server can answer with brotli or gzip without work per request.
const compressible = /\.(html|js|css|svg|json|xml|txt|webmanifest|srt|vtt)$/;
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
  `postbuild: ${htmlPages.length} pages, ${dataFiles.length} unread .data files removed, ${shareImages.length} share images, ${exampleFiles.length} example files, sitemap, robots.txt, host header files, ${compressed} files precompressed`,
);
