import { siteConfig } from "~/config/site";
import { cn } from "~/lib/cn";

/** The brand mark (a play loop around sound waves) and name. */
export function BrandLogo({
  className,
  inverse = false,
}: {
  className?: string;
  inverse?: boolean;
}) {
  return (
    <span className={cn("inline-flex items-center gap-2 text-xl font-extrabold", className)}>
      <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
        <circle cx="16" cy="16" r="15" fill={inverse ? "#ffffff" : "#6d28d9"} />
        <path
          d="M9 16h2m3-5v10m4-7v4m4-6v8"
          stroke={inverse ? "#4c1d95" : "#ffffff"}
          strokeWidth="2.5"
          strokeLinecap="round"
        />
      </svg>
      <span>{siteConfig.name}</span>
    </span>
  );
}
