// A hostile document can be shaped to be slow for an XML parser (hundreds of thousands of
// attributes on one element, deep nesting, millions of tiny elements). One linear pass over the
// text counts what the parser would have to build, and refuses it before the parser starts.

export const SHAPE_LIMITS = {
  /** Characters of decoded text; the fetch already caps the bytes at 5 MB. */
  characters: 5 * 1024 * 1024,
  /** Real feeds carry a few; the root may declare a few dozen namespaces. */
  attributesPerElement: 128,
  /** Attributes in the whole document: 10,000 episodes with a dozen each. */
  attributes: 250_000,
  /** Real feeds nest under 10 deep; XHTML content a few more. */
  depth: 64,
  /** 10,000 episodes with 30 elements each. */
  elements: 300_000,
} as const;

export type ShapeLimits = { -readonly [K in keyof typeof SHAPE_LIMITS]: number };

export type ShapeVerdict =
  | { ok: true; elements: number; attributes: number; depth: number }
  | { ok: false; limit: keyof ShapeLimits };

/** Index just past `close`, searching from `from`; the text's end when it never comes. */
function skipPast(text: string, from: number, close: string): number {
  const at = text.indexOf(close, from);
  return at === -1 ? text.length : at + close.length;
}

/**
 * Counts elements, attributes and depth without building anything. It need not tell well-formed
 * XML from broken: the parser does that, once the counts are known to be affordable.
 */
export function checkShape(text: string, limits: ShapeLimits = SHAPE_LIMITS): ShapeVerdict {
  if (text.length > limits.characters) return { ok: false, limit: "characters" };
  let elements = 0;
  let attributes = 0;
  let depth = 0;
  let deepest = 0;
  let i = text.indexOf("<");
  while (i !== -1 && i < text.length) {
    const next = text.charCodeAt(i + 1);
    if (text.startsWith("<!--", i)) i = skipPast(text, i + 4, "-->");
    else if (text.startsWith("<![CDATA[", i)) i = skipPast(text, i + 9, "]]>");
    else if (next === 0x3f /* ? */) i = skipPast(text, i + 2, "?>");
    else if (next === 0x21 /* ! */) {
      // A DOCTYPE, with its internal subset in brackets.
      const bracket = text.indexOf("[", i);
      const end = text.indexOf(">", i);
      i =
        bracket !== -1 && bracket < end
          ? skipPast(text, skipPast(text, bracket, "]"), ">")
          : end + 1;
      if (end === -1) break;
    } else if (next === 0x2f /* / */) {
      depth = Math.max(0, depth - 1);
      i = skipPast(text, i + 2, ">");
    } else {
      elements += 1;
      if (elements > limits.elements) return { ok: false, limit: "elements" };
      let own = 0;
      let quote = 0;
      let j = i + 1;
      let selfClosing = false;
      for (; j < text.length; j++) {
        const c = text.charCodeAt(j);
        if (quote !== 0) {
          if (c === quote) quote = 0;
        } else if (c === 0x22 || c === 0x27) quote = c;
        else if (c === 0x3d /* = */) {
          own += 1;
          if (own > limits.attributesPerElement) {
            return { ok: false, limit: "attributesPerElement" };
          }
        } else if (c === 0x3e /* > */) {
          selfClosing = text.charCodeAt(j - 1) === 0x2f;
          break;
        }
      }
      attributes += own;
      if (attributes > limits.attributes) return { ok: false, limit: "attributes" };
      if (!selfClosing) {
        depth += 1;
        deepest = Math.max(deepest, depth);
        if (depth > limits.depth) return { ok: false, limit: "depth" };
      }
      i = j + 1;
    }
    i = text.indexOf("<", i);
  }
  return { ok: true, elements, attributes, depth: deepest };
}
