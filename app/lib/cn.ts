/**
 * Joins class names, skipping falsy ones. There is no tailwind-merge (it would weigh on every
 * page's first load): variants are written so that they never set the same property twice.
 */
export function cn(...classes: (string | false | null | undefined)[]): string {
  return classes.filter(Boolean).join(" ");
}
