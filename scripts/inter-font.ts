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
