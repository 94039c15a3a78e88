import { feedAdvice, monthLabels } from "~/plans/finder/feed-advice";
import { feedFinderCopy } from "~/plans/finder/feed-finder";
import type { NeedId } from "~/plans/finder/plan-finder";
import type { Cadence } from "~/plans/finder/feed-cadence";

// Loaded on demand by feed-cadence-field.tsx once a feed was read.

export { feedAdvice } from "~/plans/finder/feed-advice";

const BAR = 24;
const GAP = 8;
const CHART_HEIGHT = 120;
const LABEL_SPACE = 18;

/** Twelve bars, one a month; drawn for the eye, the table beside it carries the figures. */
function CadenceChart({ cadence }: { cadence: Cadence }) {
  const top = Math.max(5, ...cadence.months.map((month) => month.episodes));
  const width = cadence.months.length * (BAR + GAP) - GAP;
  const caption = feedFinderCopy.chartCaption(cadence.title || "your show");
  return (
    <figure className="mt-6" aria-label={caption}>
      <svg
        viewBox={`0 0 ${width} ${CHART_HEIGHT + 2 * LABEL_SPACE}`}
        className="h-auto w-full max-w-xl text-primary"
        aria-hidden="true"
        focusable="false"
      >
        {cadence.months.map((month, i) => {
          const height = Math.round((month.episodes / top) * CHART_HEIGHT);
          const x = i * (BAR + GAP);
          const y = LABEL_SPACE + CHART_HEIGHT - height;
          return (
            <g key={month.month}>
              <rect
                x={x}
                y={y}
                width={BAR}
                height={Math.max(height, 1)}
                rx={3}
                className={month.episodes >= 5 ? "fill-ink" : "fill-current"}
              />
              <text
                x={x + BAR / 2}
                y={y - 4}
                textAnchor="middle"
                fontSize={11}
                className="fill-foreground"
              >
                {month.episodes}
              </text>
              <text
                x={x + BAR / 2}
                y={LABEL_SPACE + CHART_HEIGHT + 14}
                textAnchor="middle"
                fontSize={10}
                className="fill-muted-foreground"
              >
                {monthLabels(month.month).short.slice(0, 1)}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="mt-1 text-sm text-muted-foreground">
        {caption}. {feedFinderCopy.chartLegend}
      </figcaption>
      <table className="sr-only">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{feedFinderCopy.monthColumn}</th>
            <th scope="col">{feedFinderCopy.episodesColumn}</th>
          </tr>
        </thead>
        <tbody>
          {cadence.months.map((month) => (
            <tr key={month.month}>
              <th scope="row">{monthLabels(month.month).long}</th>
              <td>{month.episodes}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

export default function FeedCadenceResult({
  cadence,
  needs,
}: {
  cadence: Cadence;
  needs: readonly NeedId[];
}) {
  const advice = feedAdvice(cadence, needs);
  return (
    <div className="mt-4 border-t border-border pt-4">
      {advice.notes.map((note) => (
        <p key={note} className="mb-2 leading-7 font-medium">
          {note}
        </p>
      ))}
      <p className="leading-7">{advice.summary}</p>
      {advice.details.length > 0 ? (
        <p className="mt-1 leading-7 text-muted-foreground">{advice.details.join(" ")}</p>
      ) : null}
      <CadenceChart cadence={cadence} />
      {advice.average ? (
        <ul className="mt-4 list-disc space-y-1 pl-5 leading-7">
          <li>{advice.average.text}</li>
          {advice.busiest ? <li>{advice.busiest.text}</li> : null}
        </ul>
      ) : null}
    </div>
  );
}
