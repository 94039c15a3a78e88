import { keyPointsText, transcriptText, type ExampleKit } from "~/examples/kit";
import { AssetIntro, AssetToolbar, DownloadLink } from "./asset-toolbar";

const panelText = "mt-6 max-w-3xl space-y-4 leading-7";

export function TranscriptAsset({
  kit,
  file,
  label,
}: {
  kit: ExampleKit;
  file: string;
  /** What the transcript holds: the whole episode, or an excerpt. */
  label: string;
}) {
  return (
    <>
      <AssetIntro>{label}. Every turn is labeled with its speaker and its timestamp.</AssetIntro>
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

export function ShowNotesAsset({ kit, text }: { kit: ExampleKit; text: string }) {
  return (
    <>
      <AssetIntro>
        The “{kit.template.name}” template (the last tab), filled from this episode: its summary,
        chapter timestamps, key points and links, in Markdown, ready to paste into your host.
        Filling a template of your own is part of Content Templates; every plan drafts the summary
        and key points that go into show notes. The show is invented, so its links use the reserved{" "}
        <code>.example</code> domain and lead nowhere until you put in your own.
      </AssetIntro>
      <AssetToolbar copy={{ text, targetId: "show-notes-text", what: "the show notes" }} />
      <pre
        id="show-notes-text"
        className="mt-6 max-w-3xl overflow-x-auto rounded-xl border border-border bg-white p-5 font-sans leading-7 whitespace-pre-wrap"
      >
        {text}
      </pre>
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
        “{kit.template.name}”: the reusable template this kit’s show notes were filled from. Each{" "}
        <code className="rounded bg-muted px-1">{"{{placeholder}}"}</code> is filled from the
        episode, so every episode of the show gets the same sections.
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
