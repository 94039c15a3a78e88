import type { Cadence } from "../../_shared/contract.ts";
import type { Audience, Rule } from "./rules.ts";

// The check-up's data, as the worker, the function, the command and the page exchange it.

/** unchecked: the rule needs the network and it was not used (a saved file). */
export type Status = "pass" | "warn" | "fail" | "na" | "unchecked";

export type CheckResult = {
  id: string;
  status: Status;
  /** What this feed shows, in one line. */
  note: string;
  /** The figures behind the note: values read, counts and a few examples. */
  found?: Record<string, unknown>;
};

/** What the reading of the feed's text gives, before any artwork or media request. */
export type FeedFacts = {
  title: string;
  /** itunes:image's address, when it is an http(s) URL. */
  artworkUrl: string | null;
  /** The newest published episode's file, for the byte-range probe. */
  latestEnclosure: { url: string; type: string | null } | null;
  feedBytes: number;
  encoding: string;
  cadence: Cadence | null;
  checks: CheckResult[];
};

/** A check with its rule's own fields, as the report prints it. */
export type ReportedCheck = CheckResult & Omit<Rule, "id">;

export type Summary = {
  /** Directories that would refuse the feed today, with the checks that block each. */
  refusedBy: { audience: Audience; label: string; ids: string[] }[];
  /** The three things to fix first. */
  fixFirst: { id: string; title: string; fix: string; status: Status }[];
  counts: Record<Status, number>;
};

export type CheckupReport = {
  /** The address read, or the saved file's path. */
  feed: string;
  /** ISO time the feed was read. */
  readAt: string;
  /** "url" when read over the network, "file" for a saved file. */
  source: "url" | "file";
  title: string;
  summary: Summary;
  checks: ReportedCheck[];
};
