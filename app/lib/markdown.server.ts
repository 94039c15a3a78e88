import rehypeSanitize, { type Options as SanitizeSchema } from "rehype-sanitize";
import rehypeStringify from "rehype-stringify";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import { parse as parseYaml } from "yaml";

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
    a: ["href", "title"],
    img: ["src", "alt", "title", "width", "height", "loading", "decoding"],
    code: [["className", /^language-[a-z0-9-]+$/]],
    th: ["align"],
    td: ["align"],
    ol: ["start"],
    li: [],
  },
  protocols: {
    href: ["http", "https", "mailto"],
    src: ["http", "https"],
  },
  required: {},
  ancestors: {},
};

const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  .use(remarkRehype)
  .use(rehypeSanitize, markdownSchema)
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
