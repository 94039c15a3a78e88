import { cn } from "~/lib/cn";

/**
 * Renders HTML that was compiled from Markdown and sanitized at build time
 * (app/content/markdown.server.ts). Never pass anything else.
 */
export function Prose({ html, className }: { html: string; className?: string }) {
  return <div className={cn("prose", className)} dangerouslySetInnerHTML={{ __html: html }} />;
}
