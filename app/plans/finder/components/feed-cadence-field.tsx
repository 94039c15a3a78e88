import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Button } from "~/ui/button";
import { feedFinderCopy as fieldCopy } from "~/plans/finder/feed-finder";
import type { NeedId } from "~/plans/finder/plan-finder";
import { pricingPath } from "~/plans/plans";
import type { Cadence } from "~/plans/finder/feed-cadence";
import { feedCheckPath } from "~/plans/finder/feed-finder";

/** The query parameter a feed submitted before hydration arrives in. */
const feedParam = "feed";

// Only the field ships with /pricing; the client, the advice and the chart load when a feed is
// submitted (and the XML parser never leaves the function).
const loadResult = () => import("./feed-cadence-result");
const FeedCadenceResult = lazy(loadResult);

type Status =
  | { kind: "idle" }
  | { kind: "reading" }
  | { kind: "error"; message: string }
  | {
      kind: "done";
      /** The address read, for the link to its full check-up. */
      feed: string;
      cadence: Cadence;
      filled: number | null;
      /** The filled-in figure and what it was counted from, or why the finder was left alone. */
      note: string | null;
      /** Too few dates: the visitor should check the figure. */
      check: string | null;
    };

export function FeedCadenceField({
  needs,
  onEpisodes,
}: {
  needs: readonly NeedId[];
  /** Sets the finder's episodes input. */
  onEpisodes: (episodes: number) => void;
}) {
  const id = useId();
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const form = useRef<HTMLFormElement>(null);

  // Submitted before the page hydrated, the form went to /pricing?feed=…: read that feed now,
  // once, and take it out of the address so a reload or Back does not read it again.
  useEffect(() => {
    const url = new URL(window.location.href);
    const feed = url.searchParams.get(feedParam);
    if (feed === null) return;
    url.searchParams.delete(feedParam);
    window.history.replaceState(window.history.state, "", url);
    const field = form.current?.elements.namedItem(feedParam);
    if (!(field instanceof HTMLInputElement)) return;
    field.value = feed;
    form.current?.requestSubmit();
  }, []);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void read(String(new FormData(event.currentTarget).get(feedParam) ?? ""));
  }

  async function read(url: string) {
    setStatus({ kind: "reading" });
    try {
      const [{ requestFeedCadence }, { feedAdvice }] = await Promise.all([
        import("~/plans/finder/feed-cadence"),
        loadResult(),
      ]);
      const outcome = await requestFeedCadence(url, window.location.origin);
      if (!outcome.ok) {
        setStatus({ kind: "error", message: outcome.message });
        return;
      }
      const advice = feedAdvice(outcome.cadence, needs);
      const filled = advice.fillEpisodes;
      if (filled !== null) onEpisodes(filled);
      const note =
        filled !== null && advice.basis !== null
          ? fieldCopy.filled(filled, advice.basis)
          : advice.noRate !== null
            ? `${advice.noRate} ${fieldCopy.fallback}`
            : null;
      setStatus({
        kind: "done",
        feed: url.trim(),
        cadence: outcome.cadence,
        filled,
        note,
        check: advice.check,
      });
    } catch {
      // A chunk that failed to load (a deploy in between, a dropped connection).
      setStatus({ kind: "error", message: fieldCopy.failed });
    }
  }

  const error = status.kind === "error" ? status.message : null;
  return (
    // A native GET form too: submitted before hydration, it reloads /pricing with the feed in
    // the query, and the hydrated page reads it from there (the effect above).
    <form
      data-requires-script=""
      ref={form}
      method="get"
      action={`${pricingPath}#plan-finder`}
      onSubmit={submit}
      noValidate
      className="mt-10 rounded-2xl border border-border bg-white p-6 shadow-sm"
    >
      <label htmlFor={`${id}-url`} className="block font-semibold">
        {fieldCopy.label}
      </label>
      <p id={`${id}-hint`} className="mt-1 text-sm text-muted-foreground">
        {fieldCopy.hint} {fieldCopy.privacy}
      </p>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row">
        <input
          id={`${id}-url`}
          name={feedParam}
          type="url"
          inputMode="url"
          autoComplete="url"
          spellCheck={false}
          placeholder={fieldCopy.placeholder}
          aria-invalid={error !== null}
          aria-describedby={`${id}-hint ${id}-status`}
          className="h-12 w-full min-w-0 rounded-lg border border-input bg-white px-3 text-base sm:flex-1"
        />
        <Button type="submit" size="lg" disabled={status.kind === "reading"}>
          {fieldCopy.submit}
        </Button>
      </div>
      <div id={`${id}-status`} role="status" className="mt-3 text-sm">
        {status.kind === "reading" ? <p>{fieldCopy.reading}</p> : null}
        {error !== null ? (
          <p className="font-medium text-red-700">
            {error} {fieldCopy.fallback}
          </p>
        ) : null}
        {status.kind === "done" && status.note !== null ? (
          <p className="font-medium">{status.note}</p>
        ) : null}
        {status.kind === "done" ? (
          <p className="mt-1">
            <a
              href={`${feedCheckPath}?feed=${encodeURIComponent(status.feed)}`}
              className="font-semibold text-primary underline underline-offset-4"
            >
              Check this feed against Apple Podcasts, Spotify and YouTube's rules
            </a>
          </p>
        ) : null}
        {status.kind === "done" && status.check !== null ? (
          <p className="mt-1 font-medium text-amber-800">{status.check}</p>
        ) : null}
      </div>
      {status.kind === "done" ? (
        <Suspense fallback={null}>
          <FeedCadenceResult cadence={status.cadence} needs={needs} />
        </Suspense>
      ) : null}
    </form>
  );
}
