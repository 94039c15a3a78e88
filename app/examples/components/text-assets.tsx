import {
  chapterLine,
  keyPointsText,
  paragraphs,
  showNotesText,
  transcriptText,
  type ExampleKit,
} from "~/examples/kit";
import { AssetIntro, AssetToolbar, DownloadLink } from "./asset-toolbar";

const panelText = "mt-6 max-w-3xl space-y-4 leading-7";

export function TranscriptAsset({ kit, file }: { kit: ExampleKit; file: string }) {
  return (
    <>
      <AssetIntro>
        An excerpt of the speaker-labeled transcript, with a timestamp at every turn.
      </AssetIntro>
      <AssetToolbar
        copy={{ text: transcriptText(kit), targetId: "transcript-text", what: "the transcript" }}
      >
        <DownloadLink href={file}>Download transcript (.txt)</DownloadLink>
      </AssetToolbar>
      <div id="transcript-text" className={panelText}>
        {kit.transcript.map((line) => (
          <p key={line.at}>
            <span className="font-mono text-sm text-muted-foreground">[{line.at}]</span>{" "}
            <strong>{line.speaker}:</strong> {line.text}
          </p>
        ))}
      </div>
    </>
  );
}

export function SummaryAsset({ kit }: { kit: ExampleKit }) {
  return (
    <>
      <AssetIntro>The episode in one paragraph, for a feed description or a newsletter.</AssetIntro>
      <AssetToolbar copy={{ text: kit.summary, targetId: "summary-text", what: "the summary" }} />
      <p id="summary-text" className={panelText}>
        {kit.summary}
      </p>
    </>
  );
}

export function ShowNotesAsset({ kit }: { kit: ExampleKit }) {
  const { intro, chapters, body } = kit.showNotes;
  return (
    <>
      <AssetIntro>Show notes with chapter timestamps, ready to paste into your host.</AssetIntro>
      <AssetToolbar
        copy={{ text: showNotesText(kit), targetId: "show-notes-text", what: "the show notes" }}
      />
      <div id="show-notes-text" className={panelText}>
        <p>{intro}</p>
        <h3 className="font-semibold">Chapters</h3>
        <ul className="space-y-1">
          {chapters.map((chapter) => (
            <li key={chapter.at} className="font-mono text-sm">
              {chapterLine(chapter)}
            </li>
          ))}
        </ul>
        {paragraphs(body).map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
    </>
  );
}

export function KeyPointsAsset({ kit }: { kit: ExampleKit }) {
  return (
    <>
      <AssetIntro>
        The takeaways worth sharing, each with its timestamp and a quotable line.
      </AssetIntro>
      <AssetToolbar
        copy={{ text: keyPointsText(kit), targetId: "key-points-text", what: "the key points" }}
      />
      <ol id="key-points-text" className={`${panelText} list-decimal pl-6`}>
        {kit.keyPoints.map((item) => (
          <li key={item.at}>
            <span className="font-semibold">{item.point}</span>{" "}
            <span className="font-mono text-sm text-muted-foreground">({item.at})</span>
            <blockquote className="mt-2 border-l-4 border-primary pl-4 italic">
              “{item.quote}”
            </blockquote>
          </li>
        ))}
      </ol>
    </>
  );
}

export function TemplateAsset({ kit }: { kit: ExampleKit }) {
  return (
    <>
      <AssetIntro>
        “{kit.template.name}”: the reusable show-notes template this kit was filled from. Each{" "}
        <code className="rounded bg-muted px-1">{"{{placeholder}}"}</code> is filled from the
        episode.
      </AssetIntro>
      <AssetToolbar
        copy={{ text: kit.template.body, targetId: "template-text", what: "the template" }}
      />
      <pre
        id="template-text"
        className="mt-6 max-w-3xl overflow-x-auto rounded-xl bg-ink p-5 text-sm leading-6 whitespace-pre-wrap text-ink-foreground"
      >
        {kit.template.body}
      </pre>
    </>
  );
}
