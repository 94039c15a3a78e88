import { useContext } from "react";
import { UNSAFE_FrameworkContext, useMatches } from "react-router";

/** Marks the loader, so tests and benches can tell a page that hydrates before it has. */
export const bootstrapSelector = "script[data-module-bootstrap]";

/**
 * What a hydrating page loads, and in which order: React Router's manifest module, each matched
 * route's chunks (merged into one module object per route, as `<Scripts/>` does), then the
 * client entry; and every module of the page, preloaded at once so none waits on another.
 */
export type PageModules = {
  manifest: string;
  routes: [id: string, chunks: string[]][];
  entry: string;
  preloads: string[];
};

type Manifest = {
  url: string;
  entry: { module: string; imports: string[] };
  routes: Record<
    string,
    | {
        module: string;
        imports?: string[];
        clientActionModule?: string;
        clientLoaderModule?: string;
        clientMiddlewareModule?: string;
        hydrateFallbackModule?: string;
      }
    | undefined
  >;
};

/** The modules `<Scripts/>` (React Router 7.18) would import and preload for these routes. */
export function pageModules(manifest: Manifest, routeIds: readonly string[]): PageModules {
  const routes = routeIds.map((id): [string, string[]] => {
    const route = manifest.routes[id];
    if (!route) throw new Error(`module bootstrap: route ${id} is not in the manifest`);
    const chunks = [
      route.clientActionModule,
      route.clientLoaderModule,
      route.clientMiddlewareModule,
      route.hydrateFallbackModule,
      route.module,
    ].filter((chunk): chunk is string => chunk !== undefined);
    return [id, chunks];
  });
  const preloads = new Set([
    manifest.url,
    manifest.entry.module,
    ...manifest.entry.imports,
    ...routes.flatMap(([id, chunks]) => [...chunks, ...(manifest.routes[id]?.imports ?? [])]),
  ]);
  return { manifest: manifest.url, routes, entry: manifest.entry.module, preloads: [...preloads] };
}

/**
 * The page's module loader, a classic inline script. It waits for the first paint, then adds
 * the module preloads and imports the modules, so nothing of the page's JavaScript competes
 * with its first paint for the network. The paint is the browser's own `paint` entry, reported
 * once the frame is on screen: a frame drawn by the main thread can reach the screen tens of
 * milliseconds later on a busy device. Without paint timing: a frame, then a task. In a
 * background tab (or a prerender) nothing is painted, so it starts at once.
 */
export function bootstrapScript(modules: PageModules): string {
  const data = JSON.stringify(modules).replace(/</g, "\\u003c");
  return `(() => {
  const m = ${data};
  const load = () => {
    for (const href of m.preloads) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      document.head.append(link);
    }
    import(m.manifest)
      .then(() => Promise.all(m.routes.map(([id, chunks]) =>
        Promise.all(chunks.map((chunk) => import(chunk))).then((parts) => [id, Object.assign({}, ...parts)]))))
      .then((routes) => {
        window.__reactRouterRouteModules = Object.fromEntries(routes);
        return import(m.entry);
      });
  };
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    load();
  };
  if (document.visibilityState === "hidden") start();
  else if (PerformanceObserver.supportedEntryTypes?.includes("paint")) {
    new PerformanceObserver((_, observer) => {
      observer.disconnect();
      start();
    }).observe({ type: "paint", buffered: true });
    document.addEventListener("visibilitychange", start, { once: true });
  } else requestAnimationFrame(() => setTimeout(start));
})();`;
}

// React Router's own stream set-up, written beside the hydration context exactly as
// `<Scripts/>` writes it: the prerender streams the loader data into this controller.
const streamScript =
  "window.__reactRouterContext.stream = new ReadableStream({start(controller){window.__reactRouterContext.streamController = controller;}}).pipeThrough(new TextEncoderStream());";

/**
 * What `<Scripts/>` records when it renders: React Router's server render then streams the
 * loader data into the page after it (its StreamTransfer writes nothing otherwise).
 */
function noteScriptsRendered(renderMeta: { didRenderScripts?: boolean } | undefined): void {
  if (renderMeta) renderMeta.didRenderScripts = true;
}

/**
 * In place of React Router's `<Scripts/>` on a page that hydrates (ADR 020): the same hydration
 * context and route modules, but the module script and its preloads wait for the first paint.
 * Only the prerender writes the texts; the browser keeps them as they are when it hydrates.
 */
export function ModuleBootstrap() {
  const framework = useContext(UNSAFE_FrameworkContext);
  const routeIds = useMatches().map((match) => match.id);
  let context = "";
  let bootstrap = "";
  if (import.meta.env.SSR) {
    if (!framework?.serverHandoffString) {
      throw new Error("module bootstrap: React Router gave the render no hydration context");
    }
    context = `window.__reactRouterContext = ${framework.serverHandoffString};${streamScript}`;
    noteScriptsRendered(framework.renderMeta);
    bootstrap = bootstrapScript(pageModules(framework.manifest, routeIds));
  }
  return (
    <>
      <script suppressHydrationWarning dangerouslySetInnerHTML={{ __html: context }} />
      <script
        data-module-bootstrap=""
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: bootstrap }}
      />
    </>
  );
}
