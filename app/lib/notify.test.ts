import { afterEach, describe, expect, it, vi } from "vitest";

const shown = vi.fn();
vi.mock("sonner", () => ({ toast: { info: shown, error: shown, success: shown } }));

afterEach(() => {
  vi.useRealTimers();
  vi.resetModules();
  shown.mockClear();
});

describe("notify", () => {
  // A toast raised before the lazily mounted toaster has subscribed would be dropped by sonner
  // (a checkout started from the URL, a tap replayed at hydration): it waits for the toaster.
  it("holds a toast until the toaster has mounted", async () => {
    const { notify, toasterReady } = await import("./notify");
    const done = notify("info", "Preparing checkout...");
    await vi.waitFor(() => import("sonner"));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(shown).not.toHaveBeenCalled();
    toasterReady();
    await done;
    expect(shown).toHaveBeenCalledWith("Preparing checkout...", undefined);
  });

  it("shows it anyway after 3 s if the toaster never mounts (its chunk failed)", async () => {
    vi.useFakeTimers();
    const { notify } = await import("./notify");
    const done = notify("error", "Failed to start subscription process. Please try again.");
    await vi.advanceTimersByTimeAsync(2999);
    expect(shown).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(shown).toHaveBeenCalledTimes(1);
  });
});
