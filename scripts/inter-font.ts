import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import opentype from "opentype.js";

const require = createRequire(import.meta.url);

/**
 * The site's typeface from the bundled @fontsource/inter, for images drawn at build time (share
 * images, carousel slides): text becomes vector paths, so every machine draws the same pixels
 * whether or not the font is installed.
 */
export function loadInter(weight: 600 | 800): opentype.Font {
  const file = readFileSync(
    require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`),
  );
  return opentype.parse(file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength));
}

/** Greedy word wrap by the face's advance widths: as many words on a line as fit `maxWidth`. */
export function wrapText(
  text: string,
  face: opentype.Font,
  size: number,
  maxWidth: number,
): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (face.getAdvanceWidth(candidate, size) <= maxWidth || !line) line = candidate;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}
