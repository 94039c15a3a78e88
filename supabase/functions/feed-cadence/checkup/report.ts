import { AUDIENCES, RULES, RULES_BY_ID, type Audience } from "./rules.ts";
import type {
  CheckResult,
  CheckupReport,
  FeedFacts,
  ReportedCheck,
  Status,
  Summary,
} from "./types.ts";

// The report from the feed's facts and, when the feed was fetched, what the artwork and the
// latest episode's host answered: every rule of the table gets exactly one status.

/** What the first bytes of the artwork showed (image-probe.ts). */
export type ArtworkProbe =
  | {
      ok: true;
      /** The image's real format, from its bytes: "jpg", "png", "gif", "webp"… */
      format: string;
      width: number;
      height: number;
      cmyk: boolean;
      alpha: boolean;
      /** Content-Length, when the host gave it. */
      bytes: number | null;
    }
  /** unreachable: refused, failed or timed out; not_an_image: the bytes are no image we know. */
  | { ok: false; reason: "unreachable" | "http_error" | "not_an_image"; status?: number };

/** What the latest episode's host answered to HEAD and to a two-byte Range request. */
export type MediaProbe = {
  head: { ok: boolean; status: number | null };
  range: { ok: boolean; status: number | null };
};

export type NetworkFindings =
  | { kind: "saved-file" }
  | {
      kind: "fetched";
      /** The feed's address after redirects. */
      finalUrl: string;
      fetchMs: number;
      /** Null when the feed gives no artwork address to probe. */
      artwork: ArtworkProbe | null;
      /** Null when the feed has no published episode with a file. */
      media: MediaProbe | null;
    };

const SAVED_FILE_NOTE = "not checked (saved file)";
/** Fetching the feed took long enough that apps on a phone notice. */
const SLOW_FEED_MS = 3_000;
const INFO_ARTWORK_BYTES = 512 * 1024;
const LARGE_ARTWORK_BYTES = 1024 * 1024;

const result = (
  id: string,
  status: Status,
  note: string,
  found?: Record<string, unknown>,
): CheckResult => (found === undefined ? { id, status, note } : { id, status, note, found });

/** C07–C10 from the artwork's header. */
export function artworkChecks(url: string | null, probe: ArtworkProbe | null): CheckResult[] {
  if (url === null || probe === null) {
    return ["C07", "C08", "C09", "C10"].map((id) =>
      result(id, "na", "The feed gives no artwork address to read."),
    );
  }
  if (!probe.ok) {
    const why =
      probe.reason === "not_an_image"
        ? "The artwork address does not serve a JPEG or PNG image"
        : probe.reason === "http_error"
          ? `The artwork address answered HTTP ${probe.status ?? "error"}`
          : "We could not reach your artwork";
    return [
      result("C07", "fail", `${why}; Apple could not read it either.`, {
        url,
        reason: probe.reason,
        status: probe.status ?? null,
      }),
      ...["C08", "C09", "C10"].map((id) =>
        result(id, "na", "The artwork could not be read, so this was not measured."),
      ),
    ];
  }
  const { format, width, height, cmyk, alpha, bytes } = probe;
  const extension = /\.([a-z0-9]+)(?:[?#]|$)/i.exec(new URL(url).pathname)?.[1]?.toLowerCase();
  const real = format === "jpg" ? "JPEG" : format.toUpperCase();
  const fitsExtension =
    extension === undefined || (format === "jpg" ? ["jpg", "jpeg"] : [format]).includes(extension);
  const checks: CheckResult[] = [];
  checks.push(
    format !== "jpg" && format !== "png"
      ? result("C07", "fail", `The artwork is a ${real} image; Apple takes JPEG or PNG.`, {
          url,
          format,
        })
      : !fitsExtension
        ? result("C07", "warn", `The artwork is a ${real} image named .${extension}.`, {
            url,
            format,
            extension,
          })
        : result("C07", "pass", `A ${real} image, read from the artwork's address.`, {
            url,
            format,
          }),
  );
  const square = width === height;
  const inRange = width >= 1400 && width <= 3000 && height >= 1400 && height <= 3000;
  checks.push(
    result(
      "C08",
      square && inRange ? "pass" : "fail",
      !square
        ? `The artwork is ${width} × ${height} pixels, not square.`
        : !inRange
          ? `The artwork is ${width} × ${height} pixels; Apple wants 1400 to 3000.`
          : `${width} × ${height} pixels.`,
      { width, height },
    ),
  );
  checks.push(
    result(
      "C09",
      cmyk ? "fail" : alpha ? "warn" : "pass",
      cmyk
        ? "The artwork is CMYK; Apple needs RGB."
        : alpha
          ? "The artwork has a transparency layer, which some apps show as black."
          : "RGB, without transparency.",
      { cmyk, alpha },
    ),
  );
  checks.push(
    bytes === null
      ? result("C10", "na", "The artwork's host did not say its size.", { bytes: null })
      : result(
          "C10",
          bytes > LARGE_ARTWORK_BYTES ? "warn" : "pass",
          bytes > LARGE_ARTWORK_BYTES
            ? `The artwork weighs ${(bytes / 1024 / 1024).toFixed(1)} MB; keep it under 1 MB.`
            : bytes > INFO_ARTWORK_BYTES
              ? `The artwork weighs ${Math.round(bytes / 1024)} KB; under 512 KB loads faster.`
              : `The artwork weighs ${Math.max(1, Math.round(bytes / 1024))} KB.`,
          { bytes },
        ),
  );
  return checks;
}

/** E05 from the latest episode's host. */
export function mediaCheck(url: string | null, probe: MediaProbe | null): CheckResult {
  if (url === null || probe === null) {
    return result("E05", "na", "No published episode with a file to ask about.");
  }
  if (!probe.head.ok && !probe.range.ok) {
    return result(
      "E05",
      "fail",
      "We could not reach the latest episode's file; Apple could not play it either.",
      { url, head: probe.head.status, range: probe.range.status },
    );
  }
  const ranges = probe.range.status === 206;
  return result(
    "E05",
    ranges && probe.head.ok ? "pass" : "fail",
    !ranges
      ? `The audio host answered a byte-range request with ${probe.range.status ?? "nothing"}, not 206.`
      : !probe.head.ok
        ? `The audio host answered HEAD with ${probe.head.status ?? "nothing"}.`
        : "The audio host answers HEAD and byte ranges (206).",
    { url, head: probe.head.status, range: probe.range.status },
  );
}

function networkChecks(facts: FeedFacts, network: NetworkFindings): CheckResult[] {
  if (network.kind === "saved-file") {
    return RULES.filter((rule) => rule.network !== "none").map((rule) =>
      result(rule.id, "unchecked", SAVED_FILE_NOTE),
    );
  }
  const slow = network.fetchMs > SLOW_FEED_MS;
  return [
    result(
      "F01",
      "pass",
      `The feed answered in ${(network.fetchMs / 1000).toFixed(1)} s${slow ? ", slowly" : ""}.`,
      { url: network.finalUrl, ms: Math.round(network.fetchMs) },
    ),
    ...artworkChecks(facts.artworkUrl, network.artwork),
    mediaCheck(facts.latestEnclosure?.url ?? null, network.media),
  ];
}

/** Feed-level notes that change once the feed's own address and speed are known. */
function withFetchFacts(checks: CheckResult[], network: NetworkFindings): CheckResult[] {
  if (network.kind !== "fetched") return checks;
  return checks.map((check) => {
    if (check.id === "F05" && network.fetchMs > SLOW_FEED_MS && check.status === "pass") {
      return {
        ...check,
        status: "warn",
        note: `${check.note} It took ${(network.fetchMs / 1000).toFixed(1)} s to fetch.`,
      };
    }
    if (check.id === "F04" && /^http:\/\//i.test(network.finalUrl)) {
      return {
        ...check,
        status: "warn",
        note: `The feed itself is served over http. ${check.note}`,
      };
    }
    const href = check.found?.href;
    if (check.id === "F07" && typeof href === "string" && !sameAddress(href, network.finalUrl)) {
      return {
        ...check,
        status: "warn",
        note: `atom:link names ${href}, but the feed was read at ${network.finalUrl}.`,
      };
    }
    return check;
  });
}

function sameAddress(a: string, b: string): boolean {
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return a === b;
  }
}

const SEVERITY_ORDER = { blocks: 0, hurts: 1, nice: 2 } as const;

export function summarize(checks: readonly ReportedCheck[]): Summary {
  const refusedBy = AUDIENCES.filter((audience) => audience.id !== "listeners").flatMap(
    (audience) => {
      const ids = checks
        .filter((check) => check.status === "fail" && check.blocks.includes(audience.id))
        .map((check) => check.id);
      return ids.length === 0 ? [] : [{ audience: audience.id, label: audience.label, ids }];
    },
  );
  const rank = (check: ReportedCheck) =>
    (check.status === "fail" ? 0 : 10) +
    (check.blocks.length > 0 && check.status === "fail" ? 0 : 3) +
    SEVERITY_ORDER[check.severity];
  const fixFirst = checks
    .filter((check) => check.status === "fail" || check.status === "warn")
    .map((check, order) => ({ check, order }))
    .sort(
      (a, b) =>
        rank(a.check) - rank(b.check) ||
        b.check.blocks.length - a.check.blocks.length ||
        a.order - b.order,
    )
    .slice(0, 3)
    .map(({ check }) => ({
      id: check.id,
      title: check.title,
      fix: check.fix,
      status: check.status,
    }));
  const counts: Record<Status, number> = { pass: 0, warn: 0, fail: 0, na: 0, unchecked: 0 };
  for (const check of checks) counts[check.status] += 1;
  return { refusedBy, fixFirst, counts };
}

/**
 * The whole report: one status for every rule, in the table's order. A rule the reading did
 * not reach (an Atom feed stops at F02) is not applicable.
 */
export function buildReport(
  facts: FeedFacts,
  network: NetworkFindings,
  meta: { feed: string; readAt: number },
): CheckupReport {
  const byId = new Map<string, CheckResult>();
  const atom = facts.checks.length === 1;
  for (const check of [
    ...withFetchFacts(facts.checks, network),
    ...(atom ? [] : networkChecks(facts, network)),
  ]) {
    byId.set(check.id, check);
  }
  const checks: ReportedCheck[] = RULES.map((rule) => {
    const found = byId.get(rule.id) ?? result(rule.id, "na", "Not applicable to this feed.");
    return { ...found, ...rule };
  });
  return {
    feed: meta.feed,
    readAt: new Date(meta.readAt).toISOString(),
    source: network.kind === "saved-file" ? "file" : "url",
    title: facts.title,
    summary: summarize(checks),
    checks,
  };
}

export { RULES_BY_ID };
export type { Audience };
