import { describe, expect, it } from "vitest";
import { pngSize } from "./png-size";

const header = (width: number, height: number) => {
  const bytes = new Uint8Array(24);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  bytes.set([0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52], 8);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  return bytes;
};

describe("pngSize", () => {
  it("reads the width and height from the IHDR chunk", () => {
    expect(pngSize(header(1080, 1350))).toEqual({ width: 1080, height: 1350 });
  });

  it("reads them from a view into a larger buffer", () => {
    const padded = new Uint8Array(40);
    padded.set(header(1200, 630), 8);
    expect(pngSize(padded.subarray(8))).toEqual({ width: 1200, height: 630 });
  });

  it("answers undefined for bytes that are not a PNG", () => {
    expect(pngSize(new TextEncoder().encode("<svg width='10' height='10'></svg>"))).toBeUndefined();
    expect(pngSize(header(1, 1).subarray(0, 20))).toBeUndefined();
  });
});
