import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

const variants = {
  primary: "bg-primary text-primary-foreground hover:bg-primary-hover",
  outline: "border-2 border-primary bg-white text-primary hover:bg-muted",
  inverse: "bg-white text-ink hover:bg-violet-100",
  ghost: "text-foreground hover:bg-muted",
} as const;

const sizes = {
  default: "min-h-11 px-5 py-2.5 text-base",
  sm: "min-h-10 px-4 py-2 text-sm",
  lg: "min-h-12 px-6 py-3 text-lg",
  icon: "size-11 p-0",
} as const;

export type ButtonVariant = { variant?: keyof typeof variants; size?: keyof typeof sizes };

/** Button classes, also for links styled as buttons. (No cva: it would cost first-load bytes.) */
export function buttonVariants({ variant = "primary", size = "default" }: ButtonVariant = {}) {
  return cn(
    "inline-flex items-center justify-center gap-2 rounded-lg font-semibold whitespace-nowrap transition-colors disabled:pointer-events-none disabled:opacity-70 aria-disabled:opacity-70 [&_svg]:size-5 [&_svg]:shrink-0",
    variants[variant],
    sizes[size],
  );
}

export type ButtonProps = ComponentProps<"button"> & ButtonVariant;

export function Button({ className, variant, size, ...props }: ButtonProps) {
  return <button className={cn(buttonVariants({ variant, size }), className)} {...props} />;
}
