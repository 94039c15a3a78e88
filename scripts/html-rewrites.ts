/**
 * Makes React Router's `<link rel="modulepreload">` tags in prerendered HTML apply to no media.
 * The page's module script imports the same chunks, so hydration is unchanged, but the browser no
 * longer downloads every chunk ahead of the first paint: on a throttled phone the preloads pushed
 * the first paint back by about a second (measured; see README, Performance). The tags stay in
 * the page because React renders them again while hydrating: finding them, it adopts them instead
 * of creating and inserting a dozen new elements in the middle of hydration.
 */
export function deferModulePreloads(html: string): string {
  return html.replace(/(<link rel="modulepreload" href="[^"]*")\/>/g, '$1 media="not all"/>');
}
