/**
 * Makes React Router's `<link rel="modulepreload">` tags in prerendered HTML apply to no media.
 * The page's module script imports the same chunks, so hydration is unchanged, but the browser no
 * longer downloads every chunk ahead of the first paint: on a throttled phone the preloads pushed
 * the first paint back (docs/performance.md). The tags stay in
 * the page because React renders them again while hydrating: finding them, it adopts them instead
 * of creating and inserting a dozen new elements in the middle of hydration.
 */
export function deferModulePreloads(html: string): string {
  return html.replace(/(<link rel="modulepreload" href="[^"]*")\/>/g, '$1 media="not all"/>');
}

/**
 * Resolves once the whole document has been parsed and a frame has been painted after that, and
 * after three seconds at the latest (a background tab paints no frames). The first paint now
 * comes early, with part of the page (the stylesheet is inline), so waiting for it alone let the
 * modules run before the rest of the first screen was painted (ADR 007).
 */
const afterDocumentPainted =
  'await new Promise((go) => { setTimeout(go, 3000); const painted = () => requestAnimationFrame(() => setTimeout(go)); if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", painted, { once: true }); else painted(); });';

/**
 * Lets the page's `<link rel="modulepreload" media="not all">` tags apply, so the browser fetches
 * every chunk of the page at once instead of discovering them import by import (one round trip
 * per level of the module graph), without evaluating any.
 */
const fetchEveryChunk =
  'for (const link of document.querySelectorAll(\'link[rel="modulepreload"][media]\')) link.removeAttribute("media");';

const moduleScript = /<script type="module" async="">([\s\S]*?)<\/script>/;

/** Whether React Router put its module script in the page: only routes that hydrate have it. */
export function hasModuleScript(html: string): boolean {
  return moduleScript.test(html);
}
const staticImport = /^import (?:\* as (\w+) from )?("[^"]+");\n/;

/**
 * Rewrites React Router's inline module script (static imports of the manifest, root and route
 * modules, then `import()` of the client entry) so that no module runs until the parsed page
 * has been painted. The chunks already download from the `<head>` (lowPriorityModulePreloads);
 * this keeps their evaluation and hydration, long tasks on a slow phone, from delaying the paint
 * of the first screen, which Lighthouse's simulation would otherwise count as blocking it
 * (ADR 007). The same modules load in parallel and `window.__reactRouterRouteModules` is set
 * before the client entry runs.
 * Throws if the script is not in the shape this expects (a React Router upgrade changed it).
 */
export function deferModuleScript(html: string): string {
  const match = moduleScript.exec(html);
  if (!match) throw new Error("deferModuleScript: no React Router module script in the page");
  let body = match[1]!;
  const imports: { name: string | undefined; url: string }[] = [];
  for (let line = staticImport.exec(body); line; line = staticImport.exec(body)) {
    imports.push({ name: line[1], url: line[2]! });
    body = body.slice(line[0].length);
  }
  if (imports.length === 0 || !/^\s*window\.__reactRouterRouteModules = /.test(body))
    throw new Error("deferModuleScript: React Router's module script changed shape");
  const names = imports.map((i) => i.name ?? "").join(", ");
  const loads = imports.map((i) => `import(${i.url})`).join(", ");
  const script = `${afterDocumentPainted}\n${fetchEveryChunk}\nconst [${names}] = await Promise.all([${loads}]);\n${body.trim()}`;
  return html.replace(moduleScript, () => `<script type="module" async="">${script}</script>`);
}

const stylesheetLink = /<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"\/>/;

/**
 * Puts the site's stylesheet into the page as a `<style>` element, so the first paint needs no
 * request after the HTML (ADR 007). The `<link>` stays, `disabled`, so the browser does not fetch
 * it: React finds the element it renders while hydrating, and production hydration does not
 * patch attributes. `readCss` gets the stylesheet's URL path. Throws if the page has no
 * stylesheet link or the stylesheet could end the `<style>` element early.
 */
export function inlineStylesheet(html: string, readCss: (href: string) => string): string {
  const match = stylesheetLink.exec(html);
  if (!match) throw new Error("inlineStylesheet: no stylesheet link in the page");
  const css = readCss(match[1]!);
  if (/<\/style/i.test(css)) throw new Error("inlineStylesheet: the stylesheet contains </style");
  return html.replace(
    stylesheetLink,
    () => `<style>${css}</style><link rel="stylesheet" href="${match[1]}" disabled=""/>`,
  );
}

/**
 * Holds the first paint until `<main>` has been parsed, so it shows the whole first screen at
 * once. With the stylesheet inline the browser would otherwise paint the page piece by piece as
 * it parses, and each partial paint is another style and layout pass on a slow phone (ADR 007).
 * Only HTML: it works the same without JavaScript.
 */
export function paintAfterMain(html: string): string {
  if (!html.includes('<main id="main"')) throw new Error("paintAfterMain: no <main id=main>");
  return html.replace(
    "</head>",
    () => '<link rel="expect" href="#main" blocking="render"/></head>',
  );
}
