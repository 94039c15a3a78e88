import { describe, expect, it } from "vitest";
import { pngHeader } from "../../../../tests/fakes/feed-fixtures.ts";
import { readImageHeader } from "./image-header.ts";
import { artworkChecks } from "./report.ts";

/** The start of a baseline JPEG: SOI, a JFIF APP0, then a frame with `components` channels. */
function jpegHeader(width: number, height: number, components: number): Uint8Array {
  const frame = [
    0xff,
    0xc0,
    0x00,
    8 + 3 * components,
    8,
    height >> 8,
    height & 255,
    width >> 8,
    width & 255,
    components,
  ];
  for (let i = 0; i < components; i++) frame.push(i + 1, 0x11, 0);
  const app0 = [0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0];
  return Uint8Array.from([0xff, 0xd8, ...app0, ...frame, 0xff, 0xd9]);
}

describe("readImageHeader", () => {
  it("reads an RGB JPEG's size and a CMYK one's color model", () => {
    expect(readImageHeader(jpegHeader(3000, 3000, 3))).toEqual({
      ok: true,
      format: "jpg",
      width: 3000,
      height: 3000,
      cmyk: false,
      alpha: false,
    });
    expect(readImageHeader(jpegHeader(1400, 1400, 4))).toMatchObject({ cmyk: true });
  });

  it("reads a PNG's alpha channel, and a tRNS chunk as transparency", () => {
    expect(readImageHeader(pngHeader(1400, 1400, 2))).toMatchObject({
      format: "png",
      alpha: false,
    });
    expect(readImageHeader(pngHeader(1400, 1400, 6))).toMatchObject({ alpha: true });
    const trns = Buffer.concat([
      pngHeader(1400, 1400, 3),
      Buffer.from([0, 0, 0, 1]),
      Buffer.from("tRNS"),
      Buffer.from([0, 0, 0, 0, 0]),
    ]);
    expect(readImageHeader(trns)).toMatchObject({ alpha: true });
  });

  it("is not ok for bytes that are no image", () => {
    expect(readImageHeader(new TextEncoder().encode("<html>"))).toEqual({ ok: false });
  });
});

describe("artworkChecks", () => {
  const url = "https://cdn.example/cover.jpg";
  it("fails CMYK, a size outside 1400 to 3000 and a format Apple does not take", () => {
    const probe = {
      ok: true,
      format: "jpg",
      width: 1200,
      height: 1200,
      cmyk: true,
      alpha: false,
      bytes: 2_000_000,
    } as const;
    const [c07, c08, c09, c10] = artworkChecks(url, probe);
    expect([c07?.status, c08?.status, c09?.status, c10?.status]).toEqual([
      "pass",
      "fail",
      "fail",
      "warn",
    ]);
    expect(artworkChecks(url, { ...probe, format: "webp" })[0]?.status).toBe("fail");
  });

  it("makes unreachable artwork a finding, not an error", () => {
    const [c07, c08] = artworkChecks(url, { ok: false, reason: "unreachable" });
    expect(c07).toMatchObject({
      status: "fail",
      note: expect.stringContaining("Apple could not read it either"),
    });
    expect(c08?.status).toBe("na");
  });
});
