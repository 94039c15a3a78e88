// Episode dates as feeds write them. RFC 822/1123 (with any common zone name or an offset), its
// RFC 850 and asctime cousins, ISO 8601, and English month names in any order. A date that
// could be read two ways (10/12/2015), or that is no date ("Episode 12", year 1), is null:
// an undated episode is counted as such, never guessed.

const MINUTE_MS = 60_000;

const MONTHS: Readonly<Record<string, number>> = {
  jan: 0,
  january: 0,
  feb: 1,
  february: 1,
  mar: 2,
  march: 2,
  apr: 3,
  april: 3,
  may: 4,
  jun: 5,
  june: 5,
  jul: 6,
  july: 6,
  aug: 7,
  august: 7,
  sep: 8,
  sept: 8,
  september: 8,
  oct: 9,
  october: 9,
  nov: 10,
  november: 10,
  dec: 11,
  december: 11,
};

const WEEKDAYS = new Set([
  "mon",
  "monday",
  "tue",
  "tues",
  "tuesday",
  "wed",
  "weds",
  "wednesday",
  "thu",
  "thur",
  "thurs",
  "thursday",
  "fri",
  "friday",
  "sat",
  "saturday",
  "sun",
  "sunday",
]);

/**
 * Zone names feeds use, in minutes east of UTC. Names that stand for more than one zone
 * (IST: India, Ireland or Israel) are left out, so a date carrying one is undated. CST is the
 * US zone, as RFC 822 defines it. GTM and UTC0 are typos seen in real feeds. The US "ET",
 * "CT", "MT", "PT" and "AT" are read as standard time, as Python's feedparser reads them: at
 * worst an hour off, never a day unless the episode came out within an hour of midnight.
 */
const ZONE_OFFSETS: Readonly<Record<string, number>> = {
  z: 0,
  ut: 0,
  utc: 0,
  gmt: 0,
  uct: 0,
  gtm: 0,
  utc0: 0,
  wet: 0,
  wez: 0,
  bst: 60,
  cet: 60,
  met: 60,
  mez: 60,
  wat: 60,
  west: 60,
  wesz: 60,
  cest: 120,
  mest: 120,
  mesz: 120,
  cedt: 120,
  eet: 120,
  sast: 120,
  cat: 120,
  oez: 120,
  eest: 180,
  oesz: 180,
  msk: 180,
  eat: 180,
  trt: 180,
  gst: 240,
  pkt: 300,
  npt: 345,
  ict: 420,
  wib: 420,
  hkt: 480,
  sgt: 480,
  awst: 480,
  pht: 480,
  jst: 540,
  kst: 540,
  acst: 570,
  acdt: 630,
  aest: 600,
  aedt: 660,
  nzst: 720,
  nzdt: 780,
  nst: -210,
  ndt: -150,
  ast: -240,
  adt: -180,
  est: -300,
  edt: -240,
  cst: -360,
  cdt: -300,
  mst: -420,
  mdt: -360,
  pst: -480,
  pdt: -420,
  akst: -540,
  akdt: -480,
  hst: -600,
  hdt: -540,
  brt: -180,
  brst: -120,
  art: -180,
  clt: -240,
  clst: -180,
  et: -300,
  ct: -360,
  mt: -420,
  pt: -480,
  at: -240,
};

/** Podcasts exist since the 2000s; 1970 leaves room for archives and rejects year-1 stubs. */
const EARLIEST_YEAR = 1970;
const LATEST_YEAR = 9999;

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

type Parts = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** Minutes east of UTC; 0 when the date names no zone. */
  offset: number;
};

function toTime(parts: Parts): number | null {
  const { year, month, day, hour, minute, second, offset } = parts;
  if (year < EARLIEST_YEAR || year > LATEST_YEAR) return null;
  if (month < 0 || month > 11 || day < 1 || day > daysIn(year, month)) return null;
  if (hour > 23 || minute > 59 || second > 60) return null;
  // A leap second reads as the last second of its minute.
  const utc = Date.UTC(year, month, day, hour, minute, Math.min(second, 59));
  return utc - offset * MINUTE_MS;
}

/** "+0100", "-05:00", "+01", "Z", a zone name, "GMT+1", "UTC-03:30"; undefined if none of them. */
function parseZone(text: string): number | undefined {
  // "Etc/GMT" and "Etc/UTC", as tz database names, appear in some feeds.
  const lower = text.toLowerCase().replace(/^etc\//, "");
  const named = Object.hasOwn(ZONE_OFFSETS, lower) ? ZONE_OFFSETS[lower] : undefined;
  if (named !== undefined) return named;
  const match = /^(?:gmt|utc|ut)?([+-])(\d{1,2})(?::?(\d{2}))?$/.exec(lower);
  if (match === null) return undefined;
  const [, sign, hours, minutes = "0"] = match;
  if (Number(hours) > 14 || Number(minutes) > 59) return undefined;
  const total = Number(hours) * 60 + Number(minutes);
  return sign === "-" ? -total : total;
}

const ISO =
  /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?)?(?:\s*(Z|[+-]\d{2}(?::?\d{2})?|[A-Za-z]{1,5}))?$/i;

function parseIso(text: string): number | null | undefined {
  const match = ISO.exec(text);
  if (match === null) return undefined;
  const [, year, month, day, hour = "0", minute = "0", second = "0", zone] = match;
  const offset = zone === undefined ? 0 : parseZone(zone);
  if (offset === undefined) return null;
  return toTime({
    year: Number(year),
    month: Number(month) - 1,
    day: Number(day),
    hour: Number(hour),
    minute: Number(minute),
    second: Number(second),
    offset,
  });
}

const TIME = /^(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?$/;

/**
 * Dates with an English month name, in any order, with an optional weekday, time (24-hour, or
 * with am/pm) and zone. Every word must be understood: one unknown word makes the date null.
 */
function parseNamedMonth(text: string): number | null {
  const words = text
    .replace(/\([^)]*\)/g, " ")
    // RFC 850 writes 03-Jun-25; split it, and keep signs of offsets.
    .replace(/\b(\d{1,2})-([A-Za-z]{3,9})-(\d{2,4})\b/g, "$1 $2 $3")
    .replace(/(\d)(am|pm)\b/gi, "$1 $2")
    .split(/[\s,]+/)
    .filter((word) => word !== "");

  let month: number | undefined;
  let time: RegExpExecArray | undefined;
  let meridiem: "am" | "pm" | undefined;
  let offset: number | undefined;
  let numbersBeforeMonth = 0;
  const numbers: string[] = [];
  for (const raw of words) {
    const word = raw.replace(/\.$/, "").toLowerCase();
    const named = Object.hasOwn(MONTHS, word) ? MONTHS[word] : undefined;
    if (named !== undefined) {
      if (month !== undefined) return null;
      month = named;
      numbersBeforeMonth = numbers.length;
      continue;
    }
    if (WEEKDAYS.has(word)) continue;
    // "June 3, 2025 at 9:00 AM": a joining word before the time; after it, AT is a zone.
    if ((word === "at" || word === "-") && time === undefined) continue;
    const ordinal = /^(\d{1,2})(?:st|nd|rd|th)$/.exec(word);
    if (/^\d+$/.test(word) || ordinal) {
      numbers.push(ordinal ? ordinal[1]! : word);
      continue;
    }
    const clock = TIME.exec(word);
    if (clock) {
      if (time !== undefined) return null;
      time = clock;
      continue;
    }
    if ((word === "am" || word === "pm") && time !== undefined && meridiem === undefined) {
      meridiem = word;
      continue;
    }
    const zone = time !== undefined && offset === undefined ? parseZone(word) : undefined;
    if (zone !== undefined) {
      offset = zone;
      continue;
    }
    return null;
  }
  if (month === undefined || numbers.length !== 2) return null;

  // One number is the day (one or two digits), the other the year (four digits); RFC 822's
  // two-digit year is read only in its own order, day month year (RFC 2822 section 4.3).
  const [first, second] = numbers as [string, string];
  let day: string;
  let year: number;
  if (first.length <= 2 && second.length === 4) [day, year] = [first, Number(second)];
  else if (first.length === 4 && second.length <= 2) [day, year] = [second, Number(first)];
  else if (first.length <= 2 && second.length === 2 && numbersBeforeMonth === 1) {
    day = first;
    year = Number(second) + (Number(second) < 50 ? 2000 : 1900);
  } else return null;

  let hour = time ? Number(time[1]) : 0;
  if (meridiem !== undefined) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (meridiem === "pm" ? 12 : 0);
  }
  return toTime({
    year,
    month,
    day: Number(day),
    hour,
    minute: time ? Number(time[2]) : 0,
    second: time?.[3] ? Number(time[3]) : 0,
    offset: offset ?? 0,
  });
}

const MAX_DATE_LENGTH = 80;

/**
 * Milliseconds since the epoch, or null when `value` is no date or could be read more than one
 * way. A date without a zone is UTC, whatever the machine's own zone.
 */
export function parseFeedDate(value: string | undefined): number | null {
  if (value === undefined) return null;
  const text = value.trim().replace(/\s+/g, " ");
  if (text === "" || text.length > MAX_DATE_LENGTH) return null;
  // A year-first date with slashes ("Fri, 2006/09/15 08:19:53 EDT") reads as ISO 8601.
  const yearFirst = /^(?:([A-Za-z]+),?\s+)?(\d{4})\/(\d{1,2})\/(\d{1,2})(?=\s|$)/.exec(text);
  if (yearFirst && (yearFirst[1] === undefined || WEEKDAYS.has(yearFirst[1].toLowerCase()))) {
    const [whole, , year, month, day] = yearFirst;
    return parseIso(`${year}-${month}-${day}${text.slice(whole.length)}`) ?? null;
  }
  const iso = parseIso(text);
  if (iso !== undefined) return iso;
  return parseNamedMonth(text);
}
