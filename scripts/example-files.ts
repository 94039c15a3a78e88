import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { kitFiles } from "../app/examples/example-assets.ts";
import { transcriptFile, type ExampleKit } from "../app/examples/kit.ts";
import { getAllKits } from "../app/examples/kit-loader.server.ts";
import { kitSubtitles } from "../app/examples/kit-measures.server.ts";
import { downloadFileName } from "../server/static-files.ts";
import { carouselPdf, renderSlide, SlideTextError } from "./carousel.ts";
import type { HeaderRule } from "./host-headers.ts";

async function writeKit(clientDir: string, kit: ExampleKit): Promise<string[]> {
  const files = kitFiles(kit.slug, kit.carousel.length);
  const written = new Map<string, Buffer | string>();
  const { srt, vtt } = kitSubtitles(kit);
  written.set(files.transcript, transcriptFile(kit));
  written.set(files.srt, srt);
  written.set(files.vtt, vtt);

  const pngs: Buffer[] = [];
  for (const [index, slide] of kit.carousel.entries()) {
    const context = { show: kit.episode.show, number: kit.episode.number, index };
    let rendered;
    try {
      rendered = await renderSlide(slide, { ...context, count: kit.carousel.length });
    } catch (error) {
      if (!(error instanceof SlideTextError)) throw error;
      throw new Error(
        `content/examples/${kit.slug}.yaml: field "${error.field}": ${error.message}`,
      );
    }
    pngs.push(rendered.png);
    written.set(files.slides[index]!.png, rendered.png);
    written.set(files.slides[index]!.preview, rendered.preview);
  }
  const { show, number, title } = kit.episode;
  written.set(files.pdf, await carouselPdf(pngs, `${show}, episode ${number}: ${title}`, show));

  for (const [urlPath, body] of written) {
    const file = `${clientDir}${urlPath}`;
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, body);
  }
  return [...written.keys()];
}

/**
 * Writes every kit's downloads under `<clientDir>/examples/<slug>/`: transcript, subtitles,
 * slide PNGs (and page-size previews) and the carousel PDF. Returns their URL paths.
 */
export async function writeExampleFiles(clientDir: string): Promise<string[]> {
  const paths: string[] = [];
  for (const kit of getAllKits()) paths.push(...(await writeKit(clientDir, kit)));
  return paths;
}

/** Static hosts' rules giving each download its file name, as the server does. */
export function downloadHeaderRules(urlPaths: string[]): HeaderRule[] {
  return urlPaths.flatMap((path) => {
    const name = downloadFileName(path);
    return name
      ? [{ path, headers: { "Content-Disposition": `attachment; filename="${name}"` } }]
      : [];
  });
}
