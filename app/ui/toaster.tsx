import { useEffect } from "react";
import { Toaster as Sonner, toast } from "sonner";
import { toasterReady } from "~/lib/notify";

/** Default export so the root route can load it with React.lazy. */
export default function Toaster() {
  // Sonner subscribes in its own effect, which runs before this one (children first), so the
  // queued toasts this hands over are not dropped.
  useEffect(() => toasterReady(toast), []);
  return <Sonner position="top-center" richColors closeButton duration={6000} />;
}
