// Plain string formatting, without Intl: building Intl formatters at load cost main-thread time on
// every page (docs/performance.md). Prices are whole US dollars, so grouping the digits is exact. Dates live in ./dates.

/** "$149", "$1,299", or "Custom" for plans priced on request. Prices are whole dollars. */
export function formatPrice(price: number | "Custom"): string {
  if (price === "Custom") return "Custom";
  if (!Number.isSafeInteger(price) || price < 0) {
    throw new RangeError(`A price must be a whole, non-negative number of dollars, not ${price}`);
  }
  return `$${String(price).replace(/\B(?=(\d{3})+$)/g, ",")}`;
}

/** "4 episodes per month", "1 episode per month" or "Custom episode volume". */
export function formatEpisodes(episodes: number | "Custom"): string {
  if (episodes === "Custom") return "Custom episode volume";
  return `${episodes} episode${episodes === 1 ? "" : "s"} per month`;
}
