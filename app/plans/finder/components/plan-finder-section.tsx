import { useEffect, useRef, useState, type FormEvent } from "react";
import {
  finderCopy,
  finderEpisodes,
  finderNeeds,
  recommendPlan,
  type FinderInput,
  type NeedId,
} from "~/plans/finder/plan-finder";
import {
  countedTasks,
  maxTaskHours,
  parseHours,
  timeSaved,
  timeSavedCopy,
  writingTasks,
  type TaskHours,
} from "~/plans/finder/time-saved";
import { startsCheckout } from "~/plans/plans";
import { cn } from "~/lib/cn";
import { formatPrice } from "~/lib/format";
import { FeedCadenceField } from "./feed-cadence-field";
import { CheckoutForm } from "../../checkout/components/checkout-button";
import { PlanCta } from "../../checkout/components/plan-cta";
import { StaticPlanFinder } from "./static-plan-finder";

type FinderState = FinderInput & { hours: TaskHours; reviewHours: number };

const initialChoices = { episodes: finderEpisodes.initial, needs: [], reviewHours: 0 } as const;

const episodeOptions = Array.from(
  { length: finderEpisodes.max - finderEpisodes.min + 1 },
  (_, i) => finderEpisodes.min + i,
);

/** The form is the source of truth: its controls keep working before React hydrates them. */
function readForm(form: HTMLFormElement): FinderState {
  const data = new FormData(form);
  const needs = data.getAll("need");
  return {
    episodes: Number(data.get("episodes")) || initialChoices.episodes,
    needs: finderNeeds.map((need) => need.id).filter((id: NeedId) => needs.includes(id)),
    hours: Object.fromEntries(
      writingTasks.map((task) => [task.id, parseHours(String(data.get(`hours-${task.id}`) ?? ""))]),
    ) as TaskHours,
    reviewHours: parseHours(String(data.get("hours-review") ?? "")),
  };
}

/** The recommendation's checkout form, outside the finder's own. */
const checkoutFormId = "finder-checkout";

const sameState = (a: FinderState, b: FinderState) => JSON.stringify(a) === JSON.stringify(b);

/** `startingHours`: the repurposing article's logged hours, read at build time by the route. */
export function PlanFinderSection({
  className,
  startingHours,
}: {
  className?: string;
  startingHours: TaskHours;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [state, setState] = useState<FinderState>(() => ({
    ...initialChoices,
    hours: startingHours,
  }));

  // Choices made between the first paint and hydration are in the form, not in React's state.
  useEffect(() => {
    const fromForm = readForm(formRef.current!);
    setState((current) => (sameState(current, fromForm) ? current : fromForm));
  }, []);

  const update = (event: FormEvent<HTMLFormElement>) => setState(readForm(event.currentTarget));
  const fillEpisodes = (episodes: number) => {
    const form = formRef.current!;
    (form.elements.namedItem("episodes") as HTMLSelectElement).value = String(episodes);
    setState(readForm(form));
  };
  const recommendation = recommendPlan(state);
  const { plan } = recommendation;
  const counted = new Set(countedTasks(plan, state).map((task) => task.id));
  const saved = timeSaved(plan, state, state.hours, state.reviewHours);

  return (
    <section
      id="plan-finder"
      aria-labelledby="finder-heading"
      className={cn("bg-muted py-20", className)}
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <h2 id="finder-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
          {finderCopy.heading}
        </h2>
        <p className="mt-4 max-w-3xl text-lg leading-8 text-muted-foreground">{finderCopy.intro}</p>
        <FeedCadenceField needs={state.needs} onEpisodes={fillEpisodes} />
        <form
          ref={formRef}
          data-requires-script=""
          onChange={update}
          onSubmit={(event) => event.preventDefault()}
          className="mt-10 grid gap-8 lg:grid-cols-2"
        >
          <div className="space-y-8">
            <div>
              <label htmlFor="finder-episodes" className="block font-semibold">
                {finderCopy.episodesLabel}
              </label>
              <select
                id="finder-episodes"
                name="episodes"
                defaultValue={initialChoices.episodes}
                className="mt-2 h-12 w-full max-w-xs rounded-lg border border-input bg-white px-3 text-base"
              >
                {episodeOptions.map((episodes) => (
                  <option key={episodes} value={episodes}>
                    {episodes === finderEpisodes.max ? finderCopy.episodesMaxLabel : episodes}
                  </option>
                ))}
              </select>
            </div>
            <fieldset aria-describedby="finder-needs-hint">
              <legend className="font-semibold">{finderCopy.needsLegend}</legend>
              <p id="finder-needs-hint" className="mt-1 text-sm text-muted-foreground">
                {finderCopy.needsHint}
              </p>
              <ul className="mt-3 space-y-1">
                {finderNeeds.map((need) => (
                  <li key={need.id}>
                    <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 hover:bg-white">
                      <input
                        type="checkbox"
                        name="need"
                        value={need.id}
                        className="size-5 shrink-0 accent-primary"
                      />
                      {need.label}
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          </div>
          <div className="space-y-6 self-start rounded-2xl border border-border bg-white p-6 shadow-sm">
            <h3 className="text-sm font-semibold tracking-wide text-primary uppercase">
              {finderCopy.resultHeading}
            </h3>
            <div aria-live="polite" aria-atomic="true">
              <p className="text-3xl font-extrabold tracking-tight">
                {plan.name}
                <span className="ml-2 text-lg font-semibold text-muted-foreground">
                  {plan.price === "Custom" ? plan.price : `${formatPrice(plan.price)}/month`}
                </span>
              </p>
              <p className="mt-2 leading-7">{recommendation.reason}</p>
            </div>
            <p className="leading-7 text-muted-foreground">{recommendation.costNote}</p>
            {recommendation.below ? (
              <p className="leading-7 text-muted-foreground">
                <span className="font-semibold text-foreground">{finderCopy.belowLabel}</span>{" "}
                {recommendation.below.lacks}
              </p>
            ) : null}
            <PlanCta
              key={plan.priceId}
              plan={plan}
              className="w-full"
              checkoutForm={startsCheckout(plan) ? checkoutFormId : undefined}
            />
            <div className="border-t border-border pt-6">
              <h3 className="font-semibold">{timeSavedCopy.heading}</h3>
              <p className="mt-2 text-2xl font-bold">{saved.headline}</p>
              <p className="mt-1 leading-7 text-muted-foreground">{saved.summary}</p>
              <p className="mt-1 leading-7">{saved.backNote}</p>
              <p className="mt-1 leading-7 text-muted-foreground">{saved.priceNote}</p>
              <fieldset className="mt-4" aria-describedby="finder-hours-hint">
                <legend className="text-sm font-semibold">{timeSavedCopy.hoursLegend}</legend>
                <p id="finder-hours-hint" className="mt-1 text-sm text-muted-foreground">
                  {timeSavedCopy.hoursHint}
                </p>
                <div className="mt-3 grid gap-2 sm:grid-cols-2">
                  {writingTasks.map((task) => (
                    <div
                      key={task.id}
                      hidden={!counted.has(task.id)}
                      className="flex items-center justify-between gap-2"
                    >
                      <label htmlFor={`finder-hours-${task.id}`} className="text-sm">
                        {task.label}
                      </label>
                      <input
                        id={`finder-hours-${task.id}`}
                        name={`hours-${task.id}`}
                        type="number"
                        inputMode="decimal"
                        min={0}
                        max={maxTaskHours}
                        step={0.25}
                        defaultValue={startingHours[task.id]}
                        className="h-11 w-20 shrink-0 rounded-lg border border-input bg-white px-2 text-base"
                      />
                    </div>
                  ))}
                </div>
              </fieldset>
              <div className="mt-4 flex items-center justify-between gap-2">
                <label htmlFor="finder-hours-review" className="text-sm font-semibold">
                  {timeSavedCopy.reviewLabel}
                </label>
                <input
                  id="finder-hours-review"
                  name="hours-review"
                  type="number"
                  inputMode="decimal"
                  min={0}
                  max={maxTaskHours}
                  step={0.25}
                  aria-describedby="finder-review-hint"
                  className="h-11 w-20 shrink-0 rounded-lg border border-input bg-white px-2 text-base"
                />
              </div>
              <p id="finder-review-hint" className="mt-1 text-sm text-muted-foreground">
                {timeSavedCopy.reviewHint}
              </p>
            </div>
          </div>
        </form>
        {/* The recommendation's button sits in the finder's form, and forms do not nest: it
            submits this one, outside. */}
        {startsCheckout(plan) ? <CheckoutForm id={checkoutFormId} priceId={plan.priceId} /> : null}
        <StaticPlanFinder />
      </div>
    </section>
  );
}
