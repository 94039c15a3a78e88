const usd = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  maximumFractionDigits: 0,
});

/** "$149", or "Custom" for plans priced on request. */
export function formatPrice(price: number | "Custom"): string {
  return price === "Custom" ? "Custom" : usd.format(price);
}

/** "4 episodes per month", "1 episode per month" or "Custom episode volume". */
export function formatEpisodes(episodes: number | "Custom"): string {
  if (episodes === "Custom") return "Custom episode volume";
  return `${episodes} episode${episodes === 1 ? "" : "s"} per month`;
}

const postDate = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

/** An ISO date (yyyy-mm-dd) as "Mar 15, 2025", in UTC so no time zone shifts the day. */
export function formatPostDate(isoDate: string): string {
  return postDate.format(new Date(`${isoDate}T00:00:00Z`));
}

const longDate = new Intl.DateTimeFormat("en-US", {
  month: "long",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

/** An ISO date as "April 18, 2025" (the legal pages' "last updated"). */
export function formatLongDate(isoDate: string): string {
  return longDate.format(new Date(`${isoDate}T00:00:00Z`));
}
