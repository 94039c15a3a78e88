import { Clock, Mic, Users } from "lucide-react";
import { formatDuration, isoDuration, type ExampleKit } from "~/examples/kit";

/** The episode a kit was made from: show, number, title, length, speakers and premise. */
export function EpisodeCard({ episode }: { episode: ExampleKit["episode"] }) {
  return (
    <div className="rounded-2xl border border-border bg-white p-6 shadow-sm">
      <p className="text-sm font-semibold tracking-wide text-primary uppercase">
        {episode.show} · Episode {episode.number}
      </p>
      <p className="mt-3 text-lg leading-8">{episode.premise}</p>
      <dl className="mt-5 grid gap-3 text-sm sm:grid-cols-3">
        <div className="flex items-start gap-2">
          <dt>
            <Mic aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            <span className="sr-only">Format</span>
          </dt>
          <dd>{episode.format}</dd>
        </div>
        <div className="flex items-start gap-2">
          <dt>
            <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            <span className="sr-only">Length</span>
          </dt>
          <dd>
            <time dateTime={isoDuration(episode.duration)}>{formatDuration(episode.duration)}</time>
          </dd>
        </div>
        <div className="flex items-start gap-2">
          <dt>
            <Users aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            <span className="sr-only">Speakers</span>
          </dt>
          <dd>
            {episode.speakers.map((speaker) => (
              <span key={speaker.name} className="block">
                <span className="font-semibold">{speaker.name}</span>, {speaker.role}
              </span>
            ))}
          </dd>
        </div>
      </dl>
    </div>
  );
}
