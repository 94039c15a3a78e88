// Dates without Intl or Date, for the reason given in ./format: the site shows one locale (en-US)
// and dates written yyyy-mm-dd, so reading the digits is exact and no time zone can shift the day.

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/** Splits an ISO calendar date (yyyy-mm-dd) into its parts; anything else is an error. */
function parseIsoDate(isoDate: string): { year: number; month: string; day: number } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  const day = match ? Number(match[3]) : 0;
  if (!match || !month || day < 1 || day > 31) {
    throw new RangeError(`Expected a date written yyyy-mm-dd, got "${isoDate}"`);
  }
  return { year: Number(match[1]), month, day };
}

/** An ISO date (yyyy-mm-dd) as "Mar 15, 2025". */
export function formatPostDate(isoDate: string): string {
  const { year, month, day } = parseIsoDate(isoDate);
  return `${month.slice(0, 3)} ${day}, ${year}`;
}

/** An ISO date as "April 18, 2025" (the legal pages' "last updated"). */
export function formatLongDate(isoDate: string): string {
  const { year, month, day } = parseIsoDate(isoDate);
  return `${month} ${day}, ${year}`;
}
