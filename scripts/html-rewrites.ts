/**
 * Removes React Router's `<link rel="modulepreload">` tags from prerendered HTML. The page's
 * module script imports the same chunks, so hydration is unchanged, but without the preloads
 * the browser no longer downloads every chunk ahead of the first paint: on a throttled phone
 * they pushed the first paint back by about a second (measured; see README, Performance).
 * React re-adds them as hoisted resources after hydration, so nothing mismatches.
 */
export function stripModulePreloads(html: string): string {
  return html.replace(/<link rel="modulepreload" href="[^"]*"\/>/g, "");
}
