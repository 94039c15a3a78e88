import type { toast as sonnerToast } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";

const shown = vi.fn();
const toast = { info: shown, error: shown, success: shown } as unknown as typeof sonnerToast;

afterEach(() => {
  vi.useRealTimers();
  vi.resetModules();
  shown.mockClear();
});

describe("notify", () => {
  // The toaster, and sonner with it, mounts lazily after hydration: a toast raised earlier
  // waits for it, however late its chunk arrives.
  it("holds a toast until the toaster has mounted, however long that takes", async () => {
    vi.useFakeTimers();
    const { notify, toasterReady } = await import("./notify");
    let done = false;
    void notify("error", "Failed to start subscription process. Please try again.").then(
      () => (done = true),
    );
    await vi.advanceTimersByTimeAsync(60_000);
    expect(shown).not.toHaveBeenCalled();
    expect(done).toBe(false);
    toasterReady(toast);
    await vi.advanceTimersByTimeAsync(0);
    expect(shown).toHaveBeenCalledExactlyOnceWith(
      "Failed to start subscription process. Please try again.",
      undefined,
    );
    expect(done).toBe(true);
  });

  it("shows the queued toasts in the order they were raised, then later ones at once", async () => {
    const { notify, toasterReady } = await import("./notify");
    void notify("info", "Preparing checkout...");
    void notify("error", "Checkout failed", "Try again.");
    toasterReady(toast);
    expect(shown.mock.calls).toEqual([
      ["Preparing checkout...", undefined],
      ["Checkout failed", { description: "Try again." }],
    ]);
    await notify("success", "Copied");
    expect(shown).toHaveBeenLastCalledWith("Copied", undefined);
  });

  it("queues again once the toaster has unmounted", async () => {
    const { notify, toasterReady } = await import("./notify");
    const unmount = toasterReady(toast);
    unmount();
    void notify("info", "Preparing checkout...");
    expect(shown).not.toHaveBeenCalled();
    toasterReady(toast);
    expect(shown).toHaveBeenCalledOnce();
  });
});
