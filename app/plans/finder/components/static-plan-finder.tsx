import { finderCopy, plansByEpisodes } from "~/plans/finder/plan-finder";

/** What the finder is without JavaScript: which plan for how many episodes. */
export function StaticPlanFinder() {
  return (
    <div data-noscript-only="" className="mt-10 hidden">
      <h3 className="text-xl font-bold">{finderCopy.staticHeading}</h3>
      <table className="mt-4 w-full border-separate border-spacing-0 bg-white text-left">
        <caption className="mb-2 text-left text-sm text-muted-foreground">
          {finderCopy.staticCaption}
        </caption>
        <thead>
          <tr>
            {finderCopy.staticColumns.map((column) => (
              <th key={column} scope="col" className="border-b-2 border-border px-2 py-2 sm:px-3">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {plansByEpisodes().map((row) => (
            <tr key={row.plan.priceId}>
              <th scope="row" className="border-b border-border px-2 py-2 sm:px-3">
                {row.episodes}
              </th>
              <td className="border-b border-border px-2 py-2 sm:px-3">{row.plan.name}</td>
              <td className="border-b border-border px-2 py-2 sm:px-3">
                {row.price}
                {row.perEpisode ? (
                  <span className="block text-sm text-muted-foreground">{row.perEpisode}</span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-3 text-sm text-muted-foreground">{finderCopy.staticNote}</p>
    </div>
  );
}
