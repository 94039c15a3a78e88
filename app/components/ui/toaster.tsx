import { Toaster as Sonner } from "sonner";

/** Default export so the root route can load it with React.lazy. */
export default function Toaster() {
  return <Sonner position="top-center" richColors closeButton duration={6000} />;
}
