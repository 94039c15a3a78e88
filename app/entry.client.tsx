import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

// React Router's default client entry, except that hydration starts in a task of its own: the
// browser has just evaluated every module of the page, and doing both in one task blocked the
// main thread for longer than a frame on a slow phone (Total Blocking Time, see docs/performance.md).
setTimeout(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
});
