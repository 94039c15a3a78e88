type Kind = "info" | "success" | "error";

/**
 * Shows a toast. sonner is imported on first use so it never weighs on the first load;
 * the Toaster itself is mounted lazily by the root route after hydration.
 */
export async function notify(kind: Kind, title: string, description?: string): Promise<void> {
  const { toast } = await import("sonner");
  toast[kind](title, description ? { description } : undefined);
}
