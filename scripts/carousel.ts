import type opentype from "opentype.js";
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import { brand } from "../app/config/brand.ts";
import { slidePreviewSize, slideSize } from "../app/examples/example-assets.ts";
import { escapeXml } from "./xml.ts";
import { loadInter, wrapText } from "./inter-font.ts";

// Carousel slides drawn at build time from a kit's slide text, in the site's brand (the colours
// and font of scripts/og-images.ts). Text becomes vector paths from the bundled Inter, so every
// machine draws the same pixels whether or not the font is installed.
const heavy = loadInter(800);
const medium = loadInter(600);

const { width, height } = slideSize;
const margin = 96;
const textWidth = width - margin * 2;
/** Title and body share the space between the show line and the footer. */
const contentTop = 330;
const contentBottom = 1150;

export type Slide = { title: string; body: string };
export type SlideContext = { show: string; number: number; index: number; count: number };

/** Thrown for slide text the renderer cannot draw; `field` is the kit field at fault. */
export class SlideTextError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

function checkGlyphs(text: string, face: opentype.Font, field: string) {
  for (const char of new Set(text)) {
    if (char.trim() && face.charToGlyphIndex(char) === 0) {
      throw new SlideTextError(field, `the character "${char}" is not in the slide font (Inter)`);
    }
  }
}

type Block = { lines: string[]; size: number; lineHeight: number };

/** The largest title and body sizes at which both fit the slide; throws when none does. */
export function layoutSlide(slide: Slide, index: number): { title: Block; body: Block } {
  checkGlyphs(slide.title, heavy, `carousel.${index}.title`);
  checkGlyphs(slide.body, medium, `carousel.${index}.body`);
  for (const [titleSize, bodySize] of [
    [92, 48],
    [80, 44],
    [70, 40],
  ] as const) {
    const title = {
      lines: wrapText(slide.title, heavy, titleSize, textWidth),
      size: titleSize,
      lineHeight: Math.round(titleSize * 1.12),
    };
    const body = {
      lines: wrapText(slide.body, medium, bodySize, textWidth),
      size: bodySize,
      lineHeight: Math.round(bodySize * 1.4),
    };
    // A single word wider than the slide stays on its own line; it must still fit.
    const fits =
      title.lines.every((line) => heavy.getAdvanceWidth(line, titleSize) <= textWidth) &&
      body.lines.every((line) => medium.getAdvanceWidth(line, bodySize) <= textWidth);
    const used = title.lines.length * title.lineHeight + 56 + body.lines.length * body.lineHeight;
    if (fits && used <= contentBottom - contentTop) return { title, body };
  }
  throw new SlideTextError(`carousel.${index}`, "the slide's text does not fit a 1080×1350 slide");
}

const path = (face: opentype.Font, text: string, x: number, y: number, size: number) =>
  face.getPath(text, x, y, size).toPathData(2);

/** The slide as SVG. The text is drawn as paths; `<title>` carries it for anyone reading the SVG. */
export function slideSvg(slide: Slide, context: SlideContext): string {
  const { title, body } = layoutSlide(slide, context.index);
  const used = title.lines.length * title.lineHeight + 56 + body.lines.length * body.lineHeight;
  // Short slides sit a little above the middle of the free space rather than at its top.
  let y = contentTop + Math.round((contentBottom - contentTop - used) * 0.4);
  const titlePaths = title.lines.map((line) => {
    y += title.lineHeight;
    return `<path d="${path(heavy, line, margin, y - title.lineHeight * 0.2, title.size)}"/>`;
  });
  y += 56;
  const bodyPaths = body.lines.map((line) => {
    y += body.lineHeight;
    return `<path d="${path(medium, line, margin, y - body.lineHeight * 0.3, body.size)}"/>`;
  });
  const kicker = `${context.show} · Episode ${context.number}`;
  const counter = `${context.index + 1} / ${context.count}`;
  const counterWidth = medium.getAdvanceWidth(counter, 34);
  const progress = ((context.index + 1) / context.count) * textWidth;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<title>${escapeXml(`${slide.title}. ${slide.body}`)}</title>
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1e1b4b"/><stop offset="1" stop-color="#5b21b6"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#g)"/>
<circle cx="${width - 60}" cy="120" r="260" fill="#f97316" opacity="0.16"/>
<rect x="${margin}" y="170" width="96" height="10" rx="5" fill="#f97316"/>
<path fill="#ddd6fe" d="${path(medium, kicker, margin, 140, 34)}"/>
<g fill="#ffffff">${titlePaths.join("")}</g>
<g fill="#ede9fe">${bodyPaths.join("")}</g>
<rect x="${margin}" y="1196" width="${textWidth}" height="8" rx="4" fill="#ffffff" opacity="0.2"/>
<rect x="${margin}" y="1196" width="${progress.toFixed(1)}" height="8" rx="4" fill="#ffffff"/>
<rect x="${margin}" y="1238" width="48" height="48" rx="12" fill="#ffffff"/>
<path d="M${margin + 12} 1262h3.8m5.2-9.4v18.8m6.8-12.8v7.7m6.8-11.1v14.5" stroke="#6d28d9" stroke-width="3.8" stroke-linecap="round" fill="none"/>
<path fill="#ffffff" d="${path(medium, `Made with ${brand.name}`, margin + 66, 1274, 30)}"/>
<path fill="#ddd6fe" d="${path(medium, counter, width - margin - counterWidth, 1274, 34)}"/>
</svg>`;
}

export type RenderedSlide = { png: Buffer; preview: Buffer };

export async function renderSlide(slide: Slide, context: SlideContext): Promise<RenderedSlide> {
  const image = sharp(Buffer.from(slideSvg(slide, context)));
  const png = await image.clone().png({ compressionLevel: 9, palette: true }).toBuffer();
  const preview = await image
    .clone()
    .resize(slidePreviewSize.width, slidePreviewSize.height)
    .webp({ quality: 80 })
    .toBuffer();
  return { png, preview };
}

/** One page per slide, the format LinkedIn takes for document posts. */
export async function carouselPdf(pngs: Buffer[], title: string, author: string): Promise<Buffer> {
  // No automatic dates or producer, so the same slides always give the same bytes.
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.setTitle(title);
  pdf.setAuthor(author);
  pdf.setCreator(brand.name);
  pdf.setLanguage("en");
  // Half the pixel size in points: 144 pixels to the inch, a 7.5 × 9.375 inch page.
  const pageWidth = width / 2;
  const pageHeight = height / 2;
  for (const png of pngs) {
    const image = await pdf.embedPng(png);
    const page = pdf.addPage([pageWidth, pageHeight]);
    page.drawImage(image, { x: 0, y: 0, width: pageWidth, height: pageHeight });
  }
  return Buffer.from(await pdf.save());
}
