import { imageSize } from "image-size";

// What the first bytes of an image say: its real format and pixel size from image-size (npm,
// maintained, runs on Node and Deno), and its color model, which image-size does not report,
// read by hand from the two formats Apple takes: a JPEG's frame header (4 components is CMYK)
// and a PNG's IHDR color type and tRNS chunk (transparency).

export type ImageHeader =
  | { ok: true; format: string; width: number; height: number; cmyk: boolean; alpha: boolean }
  | { ok: false };

/** The PNG IHDR color types with an alpha channel: gray + alpha, RGBA. */
const PNG_ALPHA_TYPES = new Set([4, 6]);
/** JPEG start-of-frame markers (baseline, progressive, lossless…), not DHT, JPG or DAC. */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

function jpegComponents(bytes: Uint8Array): number | null {
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    if (isStartOfFrame(marker)) return bytes[at + 9] ?? null;
    at += 2 + length;
  }
  return null;
}

function pngAlpha(bytes: Uint8Array): boolean {
  const colorType = bytes[25];
  if (colorType !== undefined && PNG_ALPHA_TYPES.has(colorType)) return true;
  // A tRNS chunk before the image data gives a palette or color transparency.
  let at = 8;
  while (at + 8 <= bytes.length) {
    const length =
      ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    if (type === "tRNS") return true;
    if (type === "IDAT" || type === "IEND") return false;
    at += 12 + length;
  }
  return false;
}

/** Reads the header of `bytes` (the start of an image file, or all of it). */
export function readImageHeader(bytes: Uint8Array): ImageHeader {
  let size: ReturnType<typeof imageSize>;
  try {
    size = imageSize(bytes);
  } catch {
    return { ok: false };
  }
  const { width, height, type } = size;
  if (type === undefined || width === undefined || height === undefined) return { ok: false };
  const format = type === "jpg" ? "jpg" : type;
  return {
    ok: true,
    format,
    width,
    height,
    cmyk: format === "jpg" && jpegComponents(bytes) === 4,
    alpha: format === "png" && pngAlpha(bytes),
  };
}
