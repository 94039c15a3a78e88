import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

const variants = {
  default: "bg-muted text-primary",
  every: "bg-slate-100 text-slate-800",
  pro: "bg-violet-100 text-violet-900",
  expert: "bg-orange-100 text-orange-900",
  later: "border border-dashed border-slate-400 bg-white text-slate-800",
  inverse: "bg-white text-ink",
} as const;

export type BadgeVariant = keyof typeof variants;

export function Badge({
  className,
  variant = "default",
  ...props
}: ComponentProps<"span"> & { variant?: BadgeVariant }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-3 py-1 text-xs font-semibold tracking-wide uppercase",
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}
