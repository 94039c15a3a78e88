import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import sharp from "sharp";
import { brand } from "../app/config/brand.ts";
import { ogImagePath, ogImageSize, type PageMeta } from "../app/site/page-meta.ts";
import { loadInter, wrapText } from "./inter-font.ts";

// Share images (1200×630) drawn at build time from each page's title. The text is turned into
// vector paths with a bundled font, so the result is the same on every machine, fonts or not.
const font = loadInter(800);
const bodyFont = loadInter(600);

const { width, height } = ogImageSize;

/** Greedy word wrap by measured advance width; long titles shrink before they wrap past 3 lines. */
export function wrapTitle(title: string, maxWidth: number): { lines: string[]; size: number } {
  for (const size of [76, 68, 60, 54]) {
    const lines = wrapText(title, font, size, maxWidth);
    if (lines.length <= 3) return { lines, size };
  }
  throw new Error(`Title too long for a share image: ${title}`);
}

function textPath(text: string, x: number, y: number, size: number, face = font): string {
  return face.getPath(text, x, y, size).toPathData(2);
}

export function shareImageSvg(title: string, brandName: string, footer: string): string {
  const { lines, size } = wrapTitle(title, width - 160);
  const lineHeight = Math.round(size * 1.15);
  const top = 250 + ((3 - lines.length) * lineHeight) / 2;
  const titlePaths = lines
    .map((line, index) => `<path d="${textPath(line, 80, top + index * lineHeight, size)}"/>`)
    .join("");
  const bars = Array.from({ length: 19 }, (_, i) => {
    const h = 20 + Math.round(60 * Math.abs(Math.sin(i * 0.7)));
    return `<rect x="${800 + i * 19}" y="${560 - h / 2}" width="9" height="${h}" rx="4.5"/>`;
  }).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1e1b4b"/><stop offset="1" stop-color="#5b21b6"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#g)"/>
<circle cx="1080" cy="90" r="190" fill="#f97316" opacity="0.16"/>
<g fill="#c4b5fd" opacity="0.55">${bars}</g>
<rect x="80" y="70" width="56" height="56" rx="14" fill="#ffffff"/>
<path d="M94 98h4.5m6-11v22m8-15v9m8-13v17" stroke="#6d28d9" stroke-width="4.5" stroke-linecap="round" fill="none"/>
<path fill="#ffffff" d="${textPath(brandName, 152, 112, 40)}"/>
<g fill="#ffffff">${titlePaths}</g>
<path fill="#ddd6fe" d="${textPath(footer, 80, 575, 28, bodyFont)}"/>
</svg>`;
}

export type ShareImage = { file: string; title: string; brand: string; footer: string };

/**
 * The share image of every page: the file its og:image names, drawn with its metadata's share
 * title, the brand, and the site's host as the footer.
 */
export function shareImagesFor(
  pages: readonly PageMeta[],
  clientDir: string,
  siteUrl: string,
): ShareImage[] {
  const footer = new URL(siteUrl).host;
  return pages.map((page) => ({
    file: `${clientDir}${ogImagePath(page.path)}`,
    title: page.shareImageTitle,
    brand: brand.name,
    footer,
  }));
}

/** Writes every page's share image under `clientDir`; returns the files written. */
export async function writeShareImages(
  pages: readonly PageMeta[],
  clientDir: string,
  siteUrl: string,
): Promise<string[]> {
  const images = shareImagesFor(pages, clientDir, siteUrl);
  for (const image of images) await writeShareImage(image);
  return images.map((image) => image.file);
}

async function writeShareImage({ file, title, brand: brandName, footer }: ShareImage) {
  mkdirSync(dirname(file), { recursive: true });
  const png = await sharp(Buffer.from(shareImageSvg(title, brandName, footer)))
    .png({ compressionLevel: 9, palette: true })
    .toBuffer();
  writeFileSync(file, png);
}
