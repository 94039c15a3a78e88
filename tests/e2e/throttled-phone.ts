import type { BrowserContextOptions, Page } from "@playwright/test";

/**
 * The mid-range phone the site must work on, applied to a real load through the DevTools protocol (not
 * simulated): 4× CPU slowdown, 150 ms latency, 1.6 Mbit/s down, 750 kbit/s up, 390×844.
 * Shared by the throttled benchmark (tests/bench/throttled.ts) and the tap tests (taps.spec.ts).
 */
export const phoneProfile = {
  cpuSlowdown: 4,
  latencyMs: 150,
  downloadBytesPerSecond: (1.6 * 1024 * 1024) / 8,
  uploadBytesPerSecond: (750 * 1024) / 8,
  viewport: { width: 390, height: 844 },
} as const;

export const phoneContextOptions: BrowserContextOptions = {
  viewport: phoneProfile.viewport,
  hasTouch: true,
  isMobile: true,
};

/** Throttles the page's CPU and network; call before the navigation to measure. */
export async function throttleLikeAPhone(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: phoneProfile.cpuSlowdown });
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: phoneProfile.latencyMs,
    downloadThroughput: phoneProfile.downloadBytesPerSecond,
    uploadThroughput: phoneProfile.uploadBytesPerSecond,
  });
}

/**
 * Records, from the page itself, when `<html data-hydrated>` appears (app/root.tsx sets it once
 * React has hydrated), in ms after navigation start, as `window.__hydratedAt`.
 */
export async function recordHydrationTime(page: Page): Promise<void> {
  await page.addInitScript(() => {
    // Observes the document, not <html>: the parser has not created that element yet.
    const observer = new MutationObserver(() => {
      if (!document.documentElement?.hasAttribute("data-hydrated")) return;
      (window as unknown as { __hydratedAt: number }).__hydratedAt = performance.now();
      observer.disconnect();
    });
    observer.observe(document, {
      subtree: true,
      attributes: true,
      attributeFilter: ["data-hydrated"],
    });
  });
}
