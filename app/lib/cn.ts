/**
 * Joins class names, skipping falsy ones. There is no tailwind-merge (8 KB of first-load
 * JavaScript): variants are written so that they never set the same property twice.
 */
export function cn(...classes: (string | false | null | undefined)[]): string {
  return classes.filter(Boolean).join(" ");
}
