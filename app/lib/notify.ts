import type { toast as sonnerToast } from "sonner";

type Kind = "info" | "success" | "error";
type Toast = { kind: Kind; title: string; description?: string; shown: () => void };

/** sonner's `toast`, handed over by the toaster once it has mounted; null until then. */
let show: typeof sonnerToast | null = null;
/** Toasts raised before the toaster mounted, in the order they were raised. */
const queue: Toast[] = [];

function display({ kind, title, description, shown }: Toast, toast: typeof sonnerToast): void {
  toast[kind](title, description ? { description } : undefined);
  shown();
}

/**
 * Called by the toaster once it has mounted and subscribed to sonner's toasts, with sonner's
 * `toast`: shows every queued toast in order. Returns the undo for an unmount, after which toasts
 * queue again.
 */
export function toasterReady(toast: typeof sonnerToast): () => void {
  show = toast;
  for (const waiting of queue.splice(0)) display(waiting, toast);
  return () => {
    if (show === toast) show = null;
  };
}

/**
 * Shows a toast. The toaster (and sonner with it) is mounted lazily by the root route after
 * hydration, so a toast raised earlier (a tap replayed at hydration, a checkout started from the
 * URL, any toast while the chunk is slow to arrive) waits in a queue until the toaster hands
 * over sonner's `toast`, however long that takes. Resolves once the toast has been handed to
 * sonner; callers never wait for it, so no action stalls on a late toaster.
 */
export function notify(kind: Kind, title: string, description?: string): Promise<void> {
  return new Promise((shown) => {
    const toast: Toast = { kind, title, description, shown };
    if (show) display(toast, show);
    else queue.push(toast);
  });
}
