import { Download } from "lucide-react";
import type { ReactNode } from "react";
import { buttonVariants } from "~/ui/button";
import { CopyButton } from "./copy-button";

/** A static file link that saves rather than opens, with or without JavaScript. */
export function DownloadLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a
      href={href}
      download={href.slice(href.lastIndexOf("/") + 1)}
      className={buttonVariants({ variant: "outline", size: "sm" })}
    >
      <Download aria-hidden="true" />
      {children}
    </a>
  );
}

export type CopySpec = { text: string; targetId: string; what: string };

/** The copy button and downloads above an asset. */
export function AssetToolbar({ copy, children }: { copy?: CopySpec; children?: ReactNode }) {
  return (
    <div className="mt-4 flex flex-wrap gap-2">
      {copy ? <CopyButton {...copy} /> : null}
      {children}
    </div>
  );
}

/** A line of muted text under a heading that says what the asset is for. */
export function AssetIntro({ children }: { children: ReactNode }) {
  return <p className="mt-2 max-w-3xl leading-7 text-muted-foreground">{children}</p>;
}

/** "1,413 of 3,000 characters": counts are whole numbers, so grouping is exact. */
export function Count({ value, limit, unit }: { value: number; limit: number; unit: string }) {
  const group = (n: number) => String(n).replace(/\B(?=(\d{3})+$)/g, ",");
  return (
    <p className="mt-3 text-sm text-muted-foreground">
      {group(value)} of {group(limit)} {unit}
    </p>
  );
}
