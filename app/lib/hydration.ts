import { useContext } from "react";
import { UNSAFE_FrameworkContext, useMatches } from "react-router";

/**
 * A route that needs JavaScript says so, and why, in its `handle`. Every other route is shipped
 * as HTML alone: no module script, no modulepreload, no early-input script (ADR 009).
 */
export type RouteHandle = {
  /** Why the page must hydrate: the control on it that cannot work without a script. */
  hydrate?: string;
};

function hydrateReason(handle: unknown): string | undefined {
  return typeof handle === "object" && handle !== null
    ? (handle as RouteHandle).hydrate
    : undefined;
}

/** Whether the current page hydrates: some matched route declares a reason to. */
export function usePageHydrates(): boolean {
  return useMatches().some((match) => Boolean(hydrateReason(match.handle)));
}

/**
 * Whether this render is React Router's SPA fallback (`__spa-fallback.html`), which its build
 * refuses to write without `<Scripts/>`. No visitor gets it: postbuild deletes the file, as every
 * path is prerendered.
 */
export function useIsSpaFallback(): boolean {
  const framework = useContext(UNSAFE_FrameworkContext);
  // Only the build renders the fallback, so the browser bundle leaves the check out.
  return import.meta.env.SSR && framework?.isSpaMode === true;
}
