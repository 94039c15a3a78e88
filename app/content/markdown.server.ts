import type { Element, Root } from "hast";
import { readFileSync } from "node:fs";
import { resolve, sep } from "node:path";
import rehypeSanitize, { type Options as SanitizeSchema } from "rehype-sanitize";
import rehypeStringify from "rehype-stringify";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import { parse as parseYaml } from "yaml";
import { pngSize } from "./png-size";

/**
 * The explicit allow-list for rendered Markdown. Raw HTML in Markdown is already dropped by
 * remark-rehype (no allowDangerousHtml); this schema is the second wall: only these elements,
 * attributes and URL schemes survive. Relative URLs are allowed.
 */
export const markdownSchema: SanitizeSchema = {
  strip: ["script", "style"],
  clobberPrefix: "content-",
  clobber: ["id", "name"],
  tagNames: [
    "h2",
    "h3",
    "h4",
    "p",
    "div",
    "a",
    "ul",
    "ol",
    "li",
    "strong",
    "em",
    "del",
    "code",
    "pre",
    "blockquote",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "img",
    "hr",
    "br",
  ],
  attributes: {
    // rel only as rehypeOutboundLinks sets it, so sanitizing the output again changes nothing.
    a: ["href", "title", ["rel", "noopener"]],
    // Only the scroll box that rehypeScrollableTables puts around tables.
    div: [["className", "table-scroll"], ["role", "region"], ["tabIndex", 0], "ariaLabel"],
    img: ["src", "alt", "title", "width", "height", "loading", "decoding"],
    code: [["className", /^language-[a-z0-9-]+$/]],
    th: ["align"],
    td: ["align"],
    ol: ["start"],
    li: [],
  },
  protocols: {
    href: ["http", "https", "mailto", "tel"],
    src: ["http", "https"],
  },
  required: {},
  ancestors: {},
};

// Like collections.server.ts: builds run from the project root, and bundling moves this module.
const publicRoot = resolve(process.cwd(), "public");

type ImageSize = { width: number; height: number };

/**
 * The intrinsic size of an image served from public/ (`src` like `/blog/x/figure.svg`), read from
 * the file itself: an SVG's width/height (or viewBox), a PNG's header. Throws when the file is
 * missing or its size cannot be read, so a broken body image fails the build.
 */
export function readImageSize(src: string): ImageSize {
  let bytes: Buffer;
  let file: string;
  try {
    file = resolve(publicRoot, `.${decodeURIComponent(src.replace(/[?#].*$/, ""))}`);
    if (!file.startsWith(`${publicRoot}${sep}`)) throw new Error("outside public/");
    bytes = readFileSync(file);
  } catch {
    throw new Error(`Image ${src} not found in public/`);
  }
  const size = file.endsWith(".svg") ? svgSize(bytes.toString("utf8")) : pngSize(bytes);
  if (!size) throw new Error(`Image ${src}: cannot read its width and height`);
  return size;
}

function svgSize(svg: string): ImageSize | undefined {
  const tag = /<svg\b[^>]*>/.exec(svg)?.[0] ?? "";
  const attribute = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
  // Only absolute lengths give a size; "100%" or "auto" do not.
  const length = (name: string) =>
    /^\s*(\d+(?:\.\d+)?)(?:px)?\s*$/.exec(attribute(name) ?? "")?.[1];
  const width = Number(length("width") ?? 0);
  const height = Number(length("height") ?? 0);
  if (width > 0 && height > 0) return { width, height };
  const [, , boxWidth = 0, boxHeight = 0] = (attribute("viewBox") ?? "")
    .split(/[\s,]+/)
    .map(Number);
  return boxWidth > 0 && boxHeight > 0 ? { width: boxWidth, height: boxHeight } : undefined;
}

/** Every element named `tagName` inside `node`, in document order. */
function findAll(node: Root | Element, tagName: string): Element[] {
  return node.children.flatMap((child) =>
    child.type !== "element"
      ? []
      : [...(child.tagName === tagName ? [child] : []), ...findAll(child, tagName)],
  );
}

function textOf(node: Element): string {
  return node.children
    .map((child) =>
      child.type === "text" ? child.value : child.type === "element" ? textOf(child) : "",
    )
    .join("");
}

/**
 * Body images reserve their box before they load (width/height from the file) and load lazily.
 * Runs before sanitize, which still decides whether each src is allowed at all.
 */
function rehypeBodyImages() {
  return (tree: Root) => {
    for (const image of findAll(tree, "img")) {
      const { src } = image.properties;
      if (typeof src === "string" && /^\/(?!\/)/.test(src)) {
        Object.assign(image.properties, readImageSize(src));
      }
      image.properties.loading = "lazy";
      image.properties.decoding = "async";
    }
  };
}

/**
 * Wide tables scroll inside their own box instead of widening the page on phones. The box takes
 * keyboard focus (so it can be scrolled without a pointer) and is named by the table's headers.
 */
function rehypeScrollableTables() {
  const scrollBox = (table: Element): Element => ({
    type: "element",
    tagName: "div",
    properties: {
      className: ["table-scroll"],
      role: "region",
      tabIndex: 0,
      ariaLabel: `Table: ${findAll(table, "th")
        .map((cell) => textOf(cell).trim())
        .filter(Boolean)
        .join(", ")}`,
    },
    children: [table],
  });
  const wrap = (node: Root | Element): void => {
    node.children.forEach((child, index) => {
      if (child.type !== "element") return;
      if (child.tagName === "table") node.children[index] = scrollBox(child);
      else wrap(child);
    });
  };
  return wrap;
}

/**
 * An article's sources are ordinary outbound links: same tab, `rel="noopener"` so the other site
 * gets no handle on this page. Runs after sanitizing, which keeps only href and title.
 */
function rehypeOutboundLinks() {
  return (tree: Root) => {
    for (const link of findAll(tree, "a")) {
      const href = link.properties.href;
      if (typeof href === "string" && /^https?:\/\//i.test(href))
        link.properties.rel = ["noopener"];
    }
  };
}

const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkRehype)
  .use(rehypeBodyImages)
  .use(rehypeScrollableTables)
  .use(rehypeSanitize, markdownSchema)
  .use(rehypeOutboundLinks)
  .use(rehypeStringify);

/** Markdown to sanitised HTML. Runs at build time only (this is a .server module). */
export function renderMarkdown(markdown: string): string {
  return String(processor.processSync(markdown));
}

export type Frontmatter = { data: unknown; body: string };

/** Splits `---` YAML frontmatter from the body; `file` names the source in errors. */
export function parseFrontmatter(source: string, file: string): Frontmatter {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source);
  if (!match) throw new Error(`${file}: missing YAML frontmatter between --- lines`);
  try {
    return { data: parseYaml(match[1] ?? ""), body: match[2] ?? "" };
  } catch (error) {
    const reason = error instanceof Error ? error.message.split("\n")[0] : String(error);
    throw new Error(`${file}: frontmatter is not valid YAML (${reason})`);
  }
}
