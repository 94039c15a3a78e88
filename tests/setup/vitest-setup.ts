import { afterEach } from "vitest";

// Only the component tests (jsdom) render into a document; the rest would pay for loading
// React Testing Library and jest-dom's matchers in every file.
if (typeof document !== "undefined") {
  await import("@testing-library/jest-dom/vitest");
  const { cleanup } = await import("@testing-library/react");
  afterEach(() => {
    cleanup();
  });
}
