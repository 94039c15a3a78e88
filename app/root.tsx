import { lazy, startTransition, Suspense, useEffect, useState, type ReactNode } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  type LinksFunction,
} from "react-router";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { SkipLink } from "~/components/layout/skip-link";
import { siteConfig } from "~/config/site";
import { useIsSpaFallback, usePageHydrates } from "~/lib/hydration";
import { earlyInputScript } from "~/site/early-input";
import { ModuleBootstrap } from "~/site/module-bootstrap";
import { speculationRules } from "~/site/speculation-rules";
import stylesheet from "~/styles/app.css?inline";
import type { Route } from "./+types/root";

export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "icon", href: "/favicon-32.png", type: "image/png", sizes: "32x32" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "manifest", href: "/site.webmanifest" },
  {
    rel: "alternate",
    type: "application/rss+xml",
    title: `${siteConfig.name} blog`,
    href: "/blog/rss.xml",
  },
];

// Toasts are not needed for the first paint, so sonner loads after hydration.
const Toaster = lazy(() => import("~/ui/toaster"));

export function Layout({ children }: { children: ReactNode }) {
  // Only a route that declares why it must hydrate gets a module script (ADR 009). Every
  // link is a document navigation, so no page needs the client router's scroll restoration.
  const hydrates = usePageHydrates();
  const spaFallback = useIsSpaFallback();
  return (
    <html lang={siteConfig.language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={siteConfig.themeColor} />
        <Meta />
        {/* The stylesheet is inline: a cold landing paints without waiting for a second request,
            and a three-page visit is faster too (ADR 015, figures in docs/performance.md). The
            CSP hashes it; the client bundle leaves its text out, as React keeps it on hydration. */}
        <style
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? stylesheet : "" }}
        />
        <Links />
        <noscript>
          <link rel="stylesheet" href="/noscript.css" />
        </noscript>
        {/* One paint of the whole first screen instead of one per parsed chunk (ADR 015). */}
        <link rel="expect" href="#main" blocking="render" />
        {/* Taps made before hydration are held and replayed (ADR 007); the CSP hashes it. It has
            run by the time React hydrates, so the client bundle leaves its text out. */}
        {hydrates ? (
          <script
            suppressHydrationWarning
            dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? earlyInputScript : "" }}
          />
        ) : null}
      </head>
      <body>
        <SkipLink />
        {/* The footer follows the page, never pinned to the screen's bottom: its top then never
            depends on how much of it has arrived. Below a short page the canvas shows the
            footer's colour (app.css). */}
        <SiteHeader />
        <main id="main">{children}</main>
        <SiteFooter />
        {/* A page that hydrates loads its modules after its first paint (ADR 020). React Router's
            own <Scripts/> stays for its SPA fallback, which it refuses to build without them,
            and for `react-router dev`, whose hot reloading they set up. */}
        {spaFallback || (hydrates && import.meta.env.DEV) ? (
          <Scripts />
        ) : hydrates ? (
          <ModuleBootstrap />
        ) : null}
        <script
          type="speculationrules"
          dangerouslySetInnerHTML={{ __html: JSON.stringify(speculationRules) }}
        />
      </body>
    </html>
  );
}

export default function App() {
  // The toaster mounts after hydration, as a transition in a later task, so React neither
  // renders it while hydrating nor re-renders the page synchronously to add it. Toasts raised
  // before it has mounted wait for it (app/lib/notify.ts).
  const [showToaster, setShowToaster] = useState(false);
  useEffect(() => {
    // From here on the page is interactive: taps held since the first paint are replayed
    // (app/site/early-input.ts, ADR 007), and end-to-end tests wait for this before they act.
    document.documentElement.dataset.hydrated = "";
    const timer = setTimeout(() => startTransition(() => setShowToaster(true)));
    return () => clearTimeout(timer);
  }, []);
  return (
    <>
      <Outlet />
      {showToaster ? (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      ) : null}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const heading = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : "Error";
  return (
    <section className="mx-auto max-w-3xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">{heading}</h1>
      <p className="mt-4 text-muted-foreground">
        Something went wrong while showing this page. Please reload it, or go back to the home page.
      </p>
      <a href="/" className="mt-6 inline-block font-semibold text-primary underline">
        Return Home
      </a>
    </section>
  );
}
