import { describe, expect, it } from "vitest";
import { checkShape, SHAPE_LIMITS } from "./shape.ts";

const small = {
  characters: 10_000,
  attributesPerElement: 3,
  attributes: 6,
  depth: 3,
  elements: 5,
  instructions: 2,
};

describe("checkShape", () => {
  it("counts elements, attributes and depth, skipping comments, CDATA and the DOCTYPE", () => {
    expect(
      checkShape(
        `<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY a "<b c='1'>">]><!-- <x a="1"> --><rss a="1"><c><![CDATA[<i x="1" y="2">]]></c><e b="1" c="a>b"/></rss>`,
        small,
      ),
    ).toEqual({ ok: true, elements: 3, attributes: 3, depth: 2, instructions: 1 });
  });

  it.each([
    ["attributes on one element", `<rss a="1" b="2" c="3" d="4"/>`, "attributesPerElement"],
    [
      "attributes in all",
      `<r a="1" b="1" c="1"><x a="1" b="1" c="1"/><y a="1"/></r>`,
      "attributes",
    ],
    ["depth", "<a><b><c><d></d></c></b></a>", "depth"],
    ["elements", "<a><b/><b/><b/><b/><b/></a>", "elements"],
    ["characters", "<a>".padEnd(10_001, " "), "characters"],
    // 900,000 of these kept fast-xml-parser busy for 9 s.
    ["processing instructions", "<?a?><?b?><a><?c?></a>", "instructions"],
  ])("refuses too many %s", (_name, text, limit) => {
    expect(checkShape(text, small)).toEqual({ ok: false, limit });
  });

  it("refuses one element with 360,000 attributes at once", () => {
    const attributes = Array.from({ length: 360_000 }, (_, i) => ` a${i}="1"`).join("");
    const start = performance.now();
    expect(checkShape(`<rss${attributes}><channel/></rss>`)).toEqual({
      ok: false,
      limit: "attributesPerElement",
    });
    // The parser needs 7 to 13 s for this; the count is one pass.
    expect(performance.now() - start).toBeLessThan(1_000);
  });

  it("stays linear over a million declarations without brackets", () => {
    const text = `<rss>${"<!x>".repeat(1_000_000)}</rss>`;
    const start = performance.now();
    expect(checkShape(text).ok).toBe(true);
    expect(performance.now() - start).toBeLessThan(1_000);
  });

  it("lets a real feed's root with two dozen namespaces through", () => {
    const namespaces = Array.from({ length: 24 }, (_, i) => ` xmlns:n${i}="urn:n${i}"`).join("");
    expect(checkShape(`<rss version="2.0"${namespaces}><channel/></rss>`).ok).toBe(true);
    expect(SHAPE_LIMITS.attributesPerElement).toBeGreaterThanOrEqual(64);
  });
});
