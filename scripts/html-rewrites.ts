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
 * Resolves once the browser has reported the page's first contentful paint (or, where paint
 * timing is not supported, after the first frame), and after three seconds at the latest, so a
 * page opened in a background tab still hydrates.
 */
const afterFirstPaint =
  'await new Promise((go) => { setTimeout(go, 3000); if (PerformanceObserver.supportedEntryTypes?.includes("paint")) new PerformanceObserver((list, observer) => { if (list.getEntriesByName("first-contentful-paint").length) { observer.disconnect(); go(); } }).observe({ type: "paint", buffered: true }); else requestAnimationFrame(() => setTimeout(go)); });';

const moduleScript = /<script type="module" async="">([\s\S]*?)<\/script>/;
const staticImport = /^import (?:\* as (\w+) from )?("[^"]+");\n/;

/**
 * Rewrites React Router's inline module script (static imports of the manifest, root and route
 * modules, then `import()` of the client entry) so that nothing is imported until the first
 * contentful paint. Static imports start downloading as soon as the parser reaches the script,
 * racing the first paint on a fast connection; Lighthouse's simulation then counts every chunk
 * that arrived before the paint as blocking it. Hydration is unchanged: the same modules load
 * in parallel and `window.__reactRouterRouteModules` is set before the client entry runs.
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
  const script = `${afterFirstPaint}\nconst [${names}] = await Promise.all([${loads}]);\n${body.trim()}`;
  return html.replace(moduleScript, () => `<script type="module" async="">${script}</script>`);
}
