import { useEffect, useRef, useSyncExternalStore, type KeyboardEvent, type ReactNode } from "react";
import { cn } from "~/lib/cn";

export type AssetTab = { id: string; label: string; heading: string; content: ReactNode };

// The open tab lives in the URL's fragment. Tabs change it with replaceState, which fires no
// event, so they tell this store's own listeners; links and the address bar fire hashchange.
const fragmentListeners = new Set<() => void>();
function subscribeToFragment(listener: () => void) {
  fragmentListeners.add(listener);
  window.addEventListener("hashchange", listener);
  return () => {
    fragmentListeners.delete(listener);
    window.removeEventListener("hashchange", listener);
  };
}
const readFragment = () => decodeURIComponent(window.location.hash.slice(1));
const noFragment = () => "";
const noSubscription = () => () => {};

/**
 * Tabs after the WAI-ARIA Authoring Practices (automatic activation, roving tabindex, arrow
 * keys, Home and End), built up from plain markup. The prerendered page is a list of in-page
 * links and every panel under its own heading; without JavaScript, public/noscript.css shows
 * them all in order. Before hydration, app.css shows the first panel, or the one the URL's
 * fragment targets, so a tap on a tab link is never lost. Each panel's id is its fragment.
 */
export function AssetTabs({ label, tabs }: { label: string; tabs: readonly AssetTab[] }) {
  // False while hydrating (matching the prerendered markup), true from the next render on.
  const enhanced = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const fragment = useSyncExternalStore(subscribeToFragment, readFragment, noFragment);
  const selected = tabs.some((tab) => tab.id === fragment) ? fragment : tabs[0]?.id;
  const tabRefs = useRef(new Map<string, HTMLAnchorElement>());

  // A fragment link followed after hydration pointed at a panel that was hidden; now that it
  // is shown, go there as the browser would have.
  const ids = tabs.map((tab) => tab.id).join(" ");
  useEffect(() => {
    const known = new Set(ids.split(" "));
    const onHashChange = () => {
      const id = readFragment();
      if (known.has(id)) requestAnimationFrame(() => document.getElementById(id)?.scrollIntoView());
    };
    window.addEventListener("hashchange", onHashChange);
    return () => window.removeEventListener("hashchange", onHashChange);
  }, [ids]);

  function select(id: string, focus: boolean) {
    // The address names the open panel, so it can be shared or reloaded; no history entry.
    window.history.replaceState(window.history.state, "", `#${id}`);
    for (const listener of fragmentListeners) listener();
    if (focus) tabRefs.current.get(id)?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLAnchorElement>, index: number) {
    const last = tabs.length - 1;
    const target = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (target !== undefined) {
      event.preventDefault();
      select(tabs[target]!.id, true);
    } else if (event.key === " ") {
      event.preventDefault();
      select(tabs[index]!.id, false);
    }
  }

  return (
    <div data-asset-tabs="" data-enhanced={enhanced ? "" : undefined}>
      <div
        role={enhanced ? "tablist" : undefined}
        // Only a tablist is named: before hydration this is a plain div of in-page links.
        aria-label={enhanced ? label : undefined}
        className="flex flex-wrap gap-2 border-b border-border pb-4"
      >
        {tabs.map((tab, index) => {
          const isSelected = tab.id === selected;
          return (
            <a
              key={tab.id}
              ref={(element) => {
                if (element) tabRefs.current.set(tab.id, element);
                else tabRefs.current.delete(tab.id);
              }}
              id={`${tab.id}-tab`}
              href={`#${tab.id}`}
              role={enhanced ? "tab" : undefined}
              aria-selected={enhanced ? isSelected : undefined}
              aria-controls={enhanced ? tab.id : undefined}
              tabIndex={enhanced ? (isSelected ? 0 : -1) : undefined}
              onClick={(event) => {
                if (!enhanced) return;
                event.preventDefault();
                select(tab.id, false);
              }}
              onKeyDown={enhanced ? (event) => onKeyDown(event, index) : undefined}
              className={cn(
                "inline-flex min-h-11 items-center rounded-lg border px-4 py-2 text-sm font-semibold transition-colors",
                isSelected
                  ? "border-primary bg-primary text-primary-foreground"
                  : "border-border bg-white text-foreground hover:bg-muted",
              )}
            >
              {tab.label}
            </a>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <section
          key={tab.id}
          id={tab.id}
          data-asset-panel=""
          data-selected={tab.id === selected}
          role={enhanced ? "tabpanel" : undefined}
          aria-labelledby={enhanced ? `${tab.id}-tab` : `${tab.id}-heading`}
          tabIndex={enhanced ? 0 : undefined}
          hidden={enhanced ? tab.id !== selected : undefined}
          className="rounded-b-2xl pt-8 focus-visible:outline-offset-4"
        >
          <h2 id={`${tab.id}-heading`} className="text-2xl font-bold tracking-tight">
            {tab.heading}
          </h2>
          {tab.content}
        </section>
      ))}
    </div>
  );
}
