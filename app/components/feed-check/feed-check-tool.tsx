import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { brand } from "~/config/brand";
import { Button } from "~/ui/button";
import { kitPath, type ExampleAssetId } from "~/examples/example-assets";
import type {
  CheckAudience,
  CheckOutcome,
  CheckStatus,
  CheckupReport,
  ReportedCheck,
} from "~/plans/finder/feed-check-client";
import { feedFinderCopy } from "~/plans/finder/feed-finder";

/** The groups the report shows, in order; a check sits in each group its rule names. */
const checkGroups: readonly { id: CheckAudience; label: string }[] = [
  { id: "apple", label: "Apple Podcasts" },
  { id: "spotify", label: "Spotify" },
  { id: "youtube", label: "YouTube" },
  { id: "listeners", label: "Listeners and search" },
];

/** The query parameter that makes a report's address shareable. */
const feedParam = "feed";

const statusText: Record<CheckStatus, { label: string; icon: string; className: string }> = {
  pass: { label: "Pass", icon: "✓", className: "text-green-800" },
  warn: { label: "Warning", icon: "!", className: "text-amber-800" },
  fail: { label: "Fail", icon: "✗", className: "text-red-700" },
  na: { label: "Not applicable", icon: "–", className: "text-muted-foreground" },
  unchecked: { label: "Not checked", icon: "?", className: "text-muted-foreground" },
};

// The sample kit that shows what a missing transcript, show notes or chapters would look like.
const sampleKit = "open-kitchen-hours";
const makesAsset: Record<NonNullable<ReportedCheck["makes"]>, ExampleAssetId> = {
  transcript: "transcript",
  "show-notes": "show-notes",
  chapters: "show-notes",
};

type State =
  | { kind: "idle" }
  | { kind: "checking" }
  | { kind: "error"; message: string }
  | { kind: "done"; report: CheckupReport };

const problems = (report: CheckupReport) => report.summary.counts.fail + report.summary.counts.warn;

function StatusBadge({ status }: { status: CheckStatus }) {
  const { label, icon, className } = statusText[status];
  return (
    <span className={`inline-flex items-center gap-1 font-semibold ${className}`}>
      <span aria-hidden="true">{icon}</span>
      {label}
    </span>
  );
}

function CheckItem({ check }: { check: ReportedCheck }) {
  const open = check.status === "fail" || check.status === "warn";
  return (
    <li className="rounded-xl border border-border bg-white p-4">
      <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <StatusBadge status={check.status} />
        <span className="font-semibold">{check.title}</span>
      </p>
      <p className="mt-2">{check.note}</p>
      <p className="mt-1 text-sm text-muted-foreground">{check.why}</p>
      {open ? (
        <p className="mt-2">
          <span className="font-semibold">What to do: </span>
          {check.fix}
        </p>
      ) : null}
      <p className="mt-2 text-sm">
        <a href={check.source.url} className="text-primary underline underline-offset-4">
          {check.source.name}
        </a>
      </p>
    </li>
  );
}

function Report({
  report,
  headingRef,
}: {
  report: CheckupReport;
  headingRef: React.Ref<HTMLHeadingElement>;
}) {
  const readAt = new Date(report.readAt);
  const made = report.checks.find(
    (check) => check.makes !== undefined && (check.status === "fail" || check.status === "warn"),
  );
  const { refusedBy, fixFirst } = report.summary;
  return (
    <section aria-labelledby="feed-check-report" className="mt-10">
      <h2 id="feed-check-report" ref={headingRef} tabIndex={-1} className="text-2xl font-bold">
        Report for {report.title || report.feed}
      </h2>
      <p className="mt-2 text-sm text-muted-foreground">
        Feed read{" "}
        <time dateTime={report.readAt}>
          {readAt.toLocaleString("en-US", {
            dateStyle: "long",
            timeStyle: "short",
            timeZone: "UTC",
          })}{" "}
          UTC
        </time>{" "}
        from <span className="break-all">{report.feed}</span>.
      </p>
      <div className="mt-6 rounded-2xl border border-border bg-white p-6">
        <h3 className="text-xl font-semibold">Summary</h3>
        {refusedBy.length === 0 ? (
          <p className="mt-2">No directory would refuse this feed today.</p>
        ) : (
          <p className="mt-2">
            Would refuse this feed today:{" "}
            <strong>{refusedBy.map((entry) => entry.label).join(", ")}</strong>.
          </p>
        )}
        {fixFirst.length > 0 ? (
          <>
            <h4 className="mt-4 font-semibold">Fix these first</h4>
            <ol className="mt-2 list-decimal space-y-2 pl-6">
              {fixFirst.map((item) => (
                <li key={item.id}>
                  <span className="font-semibold">{item.title}:</span> {item.fix}
                </li>
              ))}
            </ol>
          </>
        ) : (
          <p className="mt-2">Nothing to fix first: no check failed or warned.</p>
        )}
        {made?.makes !== undefined ? (
          <p className="mt-4">
            {brand.name} makes {made.makes === "show-notes" ? "show notes" : `${made.makes}`} from
            each episode:{" "}
            <a
              href={kitPath(sampleKit, makesAsset[made.makes])}
              className="font-semibold text-primary underline underline-offset-4"
            >
              see one in a sample kit
            </a>
            .
          </p>
        ) : null}
      </div>
      {checkGroups.map((group) => {
        const checks = report.checks.filter((check) => check.audiences.includes(group.id));
        if (checks.length === 0) return null;
        return (
          <section key={group.id} aria-labelledby={`feed-check-${group.id}`} className="mt-8">
            <h3 id={`feed-check-${group.id}`} className="text-xl font-semibold">
              {group.label}
            </h3>
            <ul className="mt-3 space-y-3">
              {checks.map((check) => (
                <CheckItem key={check.id} check={check} />
              ))}
            </ul>
          </section>
        );
      })}
    </section>
  );
}

export function FeedCheckTool() {
  const id = useId();
  const [state, setState] = useState<State>({ kind: "idle" });
  const form = useRef<HTMLFormElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  async function check(url: string) {
    setState({ kind: "checking" });
    const address = new URL(window.location.href);
    address.search = "";
    address.searchParams.set(feedParam, url.trim());
    window.history.replaceState(window.history.state, "", address);
    // The client loads with the first check, as the plan finder's feed field does with its own.
    let outcome: CheckOutcome;
    try {
      const { requestFeedCheck } = await import("~/plans/finder/feed-check-client");
      outcome = await requestFeedCheck(url, window.location.origin);
    } catch {
      // A chunk that failed to load (a deploy in between, a dropped connection).
      outcome = { ok: false, message: feedFinderCopy.failed };
    }
    setState(
      outcome.ok
        ? { kind: "done", report: outcome.report }
        : { kind: "error", message: outcome.message },
    );
  }

  // A shared address (/feed-check?feed=…) runs its check as soon as the page hydrates.
  useEffect(() => {
    const feed = new URL(window.location.href).searchParams.get(feedParam);
    if (feed === null || feed.trim() === "") return;
    const field = form.current?.elements.namedItem(feedParam);
    if (!(field instanceof HTMLInputElement)) return;
    field.value = feed;
    form.current?.requestSubmit();
  }, []);

  useEffect(() => {
    if (state.kind === "done") heading.current?.focus();
  }, [state]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void check(String(new FormData(event.currentTarget).get(feedParam) ?? ""));
  }

  const error = state.kind === "error" ? state.message : null;
  const status =
    state.kind === "checking"
      ? "Checking…"
      : state.kind === "done"
        ? `Report ready: ${problems(state.report)} ${problems(state.report) === 1 ? "problem" : "problems"}.`
        : (error ?? "");
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <p
        data-noscript-only=""
        className="hidden rounded-2xl border border-border bg-white p-6 text-lg"
      >
        The feed check needs JavaScript: this page sends your feed's address to our server, which
        reads the feed, and shows you the report. Turn JavaScript on for this site and reload the
        page to check your feed.
      </p>
      <form
        data-requires-script=""
        ref={form}
        onSubmit={submit}
        noValidate
        className="rounded-2xl border border-border bg-white p-6 shadow-sm"
      >
        <label htmlFor={`${id}-url`} className="block font-semibold">
          Your podcast's RSS feed URL
        </label>
        <div className="mt-3 flex flex-col gap-3 sm:flex-row">
          <input
            id={`${id}-url`}
            name={feedParam}
            type="url"
            required
            inputMode="url"
            autoComplete="url"
            spellCheck={false}
            placeholder={feedFinderCopy.placeholder}
            aria-invalid={error !== null}
            aria-describedby={`${id}-status`}
            className="h-12 w-full min-w-0 rounded-lg border border-input bg-white px-3 text-base sm:flex-1"
          />
          <Button type="submit" size="lg" disabled={state.kind === "checking"}>
            Check my feed
          </Button>
        </div>
        <p
          id={`${id}-status`}
          role="status"
          className={`mt-3 text-sm ${error !== null ? "font-medium text-red-700" : ""}`}
        >
          {status}
        </p>
      </form>
      {state.kind === "done" ? <Report report={state.report} headingRef={heading} /> : null}
    </div>
  );
}
