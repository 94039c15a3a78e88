import { ChevronDown } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

/**
 * A question and its answer as a native `<details>`: it opens from the first paint, with or without
 * JavaScript, the browser exposes it as expanded or collapsed, and find-in-page opens it on a match.
 * Items sharing a `name` form an exclusive accordion: opening one closes the others (ADR 009).
 */
export function Disclosure({
  id,
  name,
  summary,
  children,
  className,
}: {
  id?: string;
  name?: string;
  summary: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <details id={id} name={name} className="group border-b border-border">
      <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-4 py-4 text-left text-lg font-semibold hover:text-primary [&::-webkit-details-marker]:hidden">
        {summary}
        <ChevronDown
          aria-hidden="true"
          className="size-5 shrink-0 transition-transform group-open:rotate-180"
        />
      </summary>
      <div className={cn("pb-5 leading-7 text-muted-foreground", className)}>{children}</div>
    </details>
  );
}
