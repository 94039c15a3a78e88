import type { kitFiles } from "~/examples/example-assets";
import type { ExampleKit } from "~/examples/kit";
import { AssetIntro, AssetToolbar, DownloadLink } from "./asset-toolbar";
import { SlidePreview } from "./slide-preview";

type Files = ReturnType<typeof kitFiles>;

export function CarouselAsset({ kit, files }: { kit: ExampleKit; files: Files }) {
  const count = kit.carousel.length;
  return (
    <>
      <AssetIntro>
        {count} slides of 1080 × 1350 pixels, drawn from the key points: PNGs for Instagram, and one
        PDF for a LinkedIn document post.
      </AssetIntro>
      <AssetToolbar>
        <DownloadLink href={files.pdf}>Download carousel (.pdf)</DownloadLink>
      </AssetToolbar>
      <ol className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
        {kit.carousel.map((slide, index) => {
          const slideFiles = files.slides[index]!;
          return (
            <li key={slideFiles.png}>
              <SlidePreview
                src={slideFiles.preview}
                slide={slide}
                className="h-auto w-full rounded-xl border border-border"
              />
              <a
                href={slideFiles.png}
                download={slideFiles.png.slice(slideFiles.png.lastIndexOf("/") + 1)}
                className="mt-2 inline-flex min-h-11 items-center text-sm font-medium text-primary underline underline-offset-4"
              >
                Slide {index + 1} of {count} (.png)
              </a>
            </li>
          );
        })}
      </ol>
    </>
  );
}

export function SubtitlesAsset({
  kit,
  files,
  srt,
  vtt,
}: {
  kit: ExampleKit;
  files: Files;
  srt: string;
  vtt: string;
}) {
  const pre =
    "mt-3 rounded-xl bg-ink p-5 text-sm leading-6 break-words whitespace-pre-wrap text-ink-foreground";
  return (
    <>
      <AssetIntro>
        Subtitles for the 30 seconds from {kit.subtitles.clipStart}, as SubRip (.srt) and WebVTT
        (.vtt) files timed from zero, ready for a clip you cut yourself from that moment. No plan
        cuts the video.
      </AssetIntro>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        {[
          { id: "srt", name: "SubRip (.srt)", text: srt, href: files.srt },
          { id: "vtt", name: "WebVTT (.vtt)", text: vtt, href: files.vtt },
        ].map((format) => (
          <div key={format.id} className="min-w-0">
            <h3 className="font-semibold">{format.name}</h3>
            <AssetToolbar
              copy={{
                text: format.text,
                targetId: `subtitles-${format.id}`,
                what: `the ${format.name} subtitles`,
              }}
            >
              <DownloadLink href={format.href}>Download {format.name}</DownloadLink>
            </AssetToolbar>
            <pre id={`subtitles-${format.id}`} className={pre}>
              {format.text}
            </pre>
          </div>
        ))}
      </div>
    </>
  );
}
