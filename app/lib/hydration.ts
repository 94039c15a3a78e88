import { useMatches } from "react-router";

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
