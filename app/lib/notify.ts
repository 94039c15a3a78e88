type Kind = "info" | "success" | "error";

let markToasterReady: () => void = () => {};
const toasterMounted = new Promise<void>((resolve) => (markToasterReady = resolve));

/** Called by the toaster once it has mounted and subscribed to sonner's toasts. */
export function toasterReady(): void {
  markToasterReady();
}

/**
 * The longest a toast waits for the toaster to mount. A toast raised before then would be lost,
 * so it waits; if the toaster's chunk never arrives (offline), checkout must not stall on it.
 */
const toasterWaitMs = 3000;

/**
 * Shows a toast. sonner is imported on first use so it never weighs on the first load; the
 * Toaster itself is mounted lazily by the root route after hydration, so a toast raised earlier
 * (a tap replayed at hydration, a checkout started from the URL) waits for it.
 */
export async function notify(kind: Kind, title: string, description?: string): Promise<void> {
  const [{ toast }] = await Promise.all([
    import("sonner"),
    Promise.race([toasterMounted, new Promise((resolve) => setTimeout(resolve, toasterWaitMs))]),
  ]);
  toast[kind](title, description ? { description } : undefined);
}
