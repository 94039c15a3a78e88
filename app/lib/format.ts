import { formatUsd } from "../../supabase/functions/_shared/contract.ts";

// Plain string formatting, without Intl: building Intl formatters at load cost main-thread time on
// every page (docs/performance.md). Prices are whole US dollars, so grouping the digits is exact. Dates live in ./dates.

/** "$149", "$1,299", or "Custom" for plans priced on request. Prices are whole dollars. */
export function formatPrice(price: number | "Custom"): string {
  return price === "Custom" ? "Custom" : formatUsd(price);
}

/** "$39.50", "$1,234.05": an amount in whole cents, always with two decimals. */
export function formatCents(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) {
    throw new RangeError(`An amount must be a whole, non-negative number of cents, not ${cents}`);
  }
  const dollars = formatPrice(Math.floor(cents / 100));
  return `${dollars}.${String(cents % 100).padStart(2, "0")}`;
}

/** "4 episodes per month", "1 episode per month" or "Custom episode volume". */
export function formatEpisodes(episodes: number | "Custom"): string {
  if (episodes === "Custom") return "Custom episode volume";
  return `${episodes} episode${episodes === 1 ? "" : "s"} per month`;
}
