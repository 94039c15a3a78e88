import type { AboutPoint } from "~/data/about-page";

export function AboutStatement({ id, title, text }: { id: string; title: string; text: string }) {
  return (
    <section aria-labelledby={id} className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <h2 id={id} className="text-3xl font-bold tracking-tight">
        {title}
      </h2>
      <p className="mt-4 text-lg leading-8 text-muted-foreground">{text}</p>
    </section>
  );
}

export function AboutPointsSection({
  id,
  title,
  points,
}: {
  id: string;
  title: string;
  points: readonly AboutPoint[];
}) {
  return (
    <section aria-labelledby={id} className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <h2 id={id} className="text-center text-3xl font-bold tracking-tight">
        {title}
      </h2>
      <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {points.map((point) => (
          <li key={point.title} className="rounded-2xl border border-border bg-muted p-6">
            <h3 className="text-lg font-semibold">{point.title}</h3>
            <p className="mt-2 leading-7 text-muted-foreground">{point.description}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
