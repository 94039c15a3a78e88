// @vitest-environment jsdom
import type { ElementContent, Properties, Root } from "hast";
import rehypeSanitize from "rehype-sanitize";
import rehypeStringify from "rehype-stringify";
import { unified } from "unified";
import { describe, expect, it } from "vitest";
import {
  markdownSchema,
  parseFrontmatter,
  readImageSize,
  renderMarkdown,
} from "~/content/markdown.server";

// The usual XSS corpus for Markdown renderers (and a few more); payloads call a sentinel, `__xss()`.
const htmlVectors = [
  "<script>alert(1)</script>",
  "<img src=x onerror=__xss()>",
  "<svg onload=__xss()>",
  "<svg><script>__xss()</script></svg>",
  '<a href="javascript:__xss()">x</a>',
  '<a href="JaVaScRiPt:__xss()">x</a>',
  '<a href="java&#x09;script:__xss()">x</a>',
  '<a href=" javascript:__xss()">x</a>',
  '<a href="&#106;avascript:__xss()">x</a>',
  '<a href="javascript&colon;__xss()">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5fX3hzcygpPC9zY3JpcHQ+">x</a>',
  '<iframe src="javascript:__xss()"></iframe>',
  '<iframe srcdoc="<script>__xss()</script>"></iframe>',
  '<math><mi xlink:href="data:x,<script>__xss()</script>">x</mi></math>',
  '<svg></p><style><a id="</style><img src=1 onerror=__xss()>">',
  '<noscript><p title="</noscript><img src=x onerror=__xss()>">',
  '<form action="javascript:__xss()"><button>go</button></form>',
  '<button formaction="javascript:__xss()">go</button>',
  '<object data="javascript:__xss()"></object>',
  '<embed src="javascript:__xss()">',
  '<base href="https://evil.test/">',
  '<meta http-equiv="refresh" content="0;url=javascript:__xss()">',
  '<link rel="stylesheet" href="javascript:__xss()">',
  "<details open ontoggle=__xss()>",
  "<input autofocus onfocus=__xss()>",
  '<div style="background:url(javascript:__xss())">x</div>',
  '<a id="defaultView" name="cookie">x</a>',
  '<img srcset="x 1x, javascript:__xss() 2x">',
  '<img src="jav&#x0A;ascript:__xss()">',
  '<video poster="javascript:__xss()"></video>',
  "<template><img src=x onerror=__xss()></template>",
  '<a href="https://ok.test" target="_blank" onclick="__xss()">x</a>',
];

// The same attacks written as Markdown, which reaches the sanitiser as links and images.
const markdownVectors = [
  "[x](javascript:__xss())",
  "[x](JaVaScRiPt:__xss())",
  "[x](java&#x09;script:__xss())",
  "[x](&#106;avascript:__xss())",
  "[x](javascript&colon;__xss())",
  "[x]( javascript:__xss())",
  "[x](<javascript:__xss()>)",
  "[x](vbscript:msgbox(1))",
  "[x](data:text/html;base64,PHNjcmlwdD5fX3hzcygpPC9zY3JpcHQ+)",
  "[x][evil]\n\n[evil]: javascript:__xss()",
  "<javascript:__xss()>",
  '[x](https://ok.test "a\\" onmouseover=\\"__xss()")',
  "![x](javascript:__xss())",
  "![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9X194c3MoKT4=)",
  "![x](data:text/html,<script>__xss()</script>)",
  "[![x](data:image/png;base64,AAAA)](javascript:__xss())",
  "```html\n<script>__xss()</script>\n```",
  "`<img src=x onerror=__xss()>`",
  "Note[^1]\n\n[^1]: <a id=x>footnote</a>",
];

// SECURITY X1's list plus other active or form content; independent of the schema under test.
const forbiddenTags = new Set([
  ..."script iframe frame object embed base meta link form style template".split(" "),
  ..."svg math noscript button input textarea select details video audio source".split(" "),
]);
const urlAttributes = ["href", "src", "srcset", "action", "formaction", "xlink:href", "poster"];
const safeSchemes = ["http", "https", "mailto"];

/** The scheme a browser would see: entities decoded (by the parser), whitespace and controls gone. */
function schemeOf(url: string): string | undefined {
  const isControlOrSpace = (code: number) => code <= 0x20 || (code >= 0x7f && code <= 0x9f);
  const squeezed = [...url]
    .filter((char) => !isControlOrSpace(char.codePointAt(0)!))
    .join("")
    .toLowerCase();
  return /^([a-z][a-z0-9+.-]*):/.exec(squeezed)?.[1];
}

/** Parses HTML as a browser would (jsdom, this file's test environment), without running it. */
const parse = (html: string) =>
  new DOMParser().parseFromString(`<!doctype html><body>${html}`, "text/html");

/** Everything SECURITY X1 forbids that is present in `html`, described; empty when safe. */
function unsafeParts(html: string): string[] {
  const document = parse(html);
  const problems: string[] = [];
  for (const element of document.body.querySelectorAll("*")) {
    const tag = element.localName;
    if (forbiddenTags.has(tag)) problems.push(`<${tag}> element`);
    for (const { name, value } of element.attributes) {
      if (name.startsWith("on")) problems.push(`${name} on <${tag}>`);
      if (["style", "srcdoc", "target", "formaction", "action"].includes(name)) {
        problems.push(`${name} on <${tag}>`);
      }
      if ((name === "id" || name === "name") && !value.startsWith("content-")) {
        problems.push(`unprefixed ${name}="${value}"`);
      }
      // title and alt are inert text; a payload quoted there is harmless.
      if (value.includes("__xss") && name !== "title" && name !== "alt") {
        problems.push(`payload in ${name} on <${tag}>`);
      }
      if (urlAttributes.includes(name)) {
        const urls =
          name === "srcset" ? value.split(",").map((part: string) => part.trim()) : [value];
        for (const url of urls) {
          const scheme = schemeOf(url);
          if (scheme && !safeSchemes.includes(scheme)) problems.push(`${scheme}: in ${name}`);
        }
      }
    }
  }
  for (const element of document.head.querySelectorAll("base, meta, link, script, style")) {
    problems.push(`<${element.localName}> in head`);
  }
  return problems;
}

/** A DOM (as a browser parses HTML) to hast, so the schema can be tested on any raw HTML. */
function toHast(node: Node): ElementContent | undefined {
  if (node.nodeType === node.TEXT_NODE) return { type: "text", value: node.nodeValue ?? "" };
  if (node.nodeType === node.COMMENT_NODE) return { type: "comment", value: node.nodeValue ?? "" };
  if (node.nodeType !== node.ELEMENT_NODE) return undefined;
  const element = node as Element;
  const properties: Properties = {};
  for (const { name, value } of element.attributes) {
    // hast names properties as the DOM does; these are the ones the schema allows by that name.
    if (name === "class") properties.className = value.split(/\s+/).filter(Boolean);
    else if (name === "tabindex") properties.tabIndex = Number(value);
    else if (name === "aria-label") properties.ariaLabel = value;
    else properties[name] = value;
  }
  const content =
    element.localName === "template" ? (element as HTMLTemplateElement).content : element;
  return {
    type: "element",
    tagName: element.localName,
    properties,
    children: [...content.childNodes].flatMap((child) => toHast(child) ?? []),
  };
}

const sanitizer = unified().use(rehypeSanitize, markdownSchema).use(rehypeStringify);

/** The pipeline's last wall alone: parse any HTML, sanitise with markdownSchema, serialise. */
function sanitizeHtml(html: string): string {
  const template = document.createElement("template");
  template.innerHTML = html;
  const tree: Root = {
    type: "root",
    children: [...template.content.childNodes].flatMap((child) => toHast(child) ?? []),
  };
  return sanitizer.stringify(sanitizer.runSync(tree));
}

describe("the X1 checker", () => {
  // If it saw nothing, every test below would pass for the wrong reason.
  it.each(htmlVectors)("flags the raw vector %s", (vector) => {
    expect(unsafeParts(vector)).not.toEqual([]);
  });
});

describe("renderMarkdown neutralises the XSS corpus", () => {
  it.each(htmlVectors)("raw HTML in Markdown: %s", (vector) => {
    for (const markdown of [vector, `Before ${vector} after`, `- item ${vector}`, `> ${vector}`]) {
      const html = renderMarkdown(markdown);
      expect(unsafeParts(html), `${markdown}\n→ ${html}`).toEqual([]);
    }
  });

  it.each(markdownVectors)("Markdown syntax: %s", (markdown) => {
    const html = renderMarkdown(markdown);
    expect(unsafeParts(html), `${markdown}\n→ ${html}`).toEqual([]);
  });

  it("drops unsafe link and image URLs but keeps their text", () => {
    expect(renderMarkdown("[click](javascript:__xss())")).toBe("<p><a>click</a></p>");
    expect(renderMarkdown("![pic](data:image/png;base64,AAAA)")).toBe(
      '<p><img alt="pic" loading="lazy" decoding="async"></p>',
    );
  });

  it("renders code that looks like HTML as escaped text", () => {
    const html = renderMarkdown("```html\n<script>__xss()</script>\n```");
    expect(html).toBe(
      '<pre><code class="language-html">&#x3C;script>__xss()&#x3C;/script>\n</code></pre>',
    );
  });
});

describe("markdownSchema on raw HTML (the wall that holds if raw HTML is ever let through)", () => {
  it.each(htmlVectors)("%s", (vector) => {
    const html = sanitizeHtml(vector);
    expect(unsafeParts(html), `${vector}\n→ ${html}`).toEqual([]);
  });

  it("keeps a safe link and an image while removing the handlers", () => {
    expect(sanitizeHtml('<a href="https://ok.test/a" onclick="__xss()">ok</a>')).toBe(
      '<a href="https://ok.test/a">ok</a>',
    );
    expect(sanitizeHtml('<img src="/x.svg" alt="x" onerror="__xss()">')).toBe(
      '<img src="/x.svg" alt="x">',
    );
  });
});

const legitMarkdown = `## Section heading

### Sub heading

A paragraph with **bold**, *emphasis*, ~~struck~~ and \`inline code\`, a [relative link](/blog/podcast-seo),
an [external link](https://castloop.test/guide "Guide") and a [mail link](mailto:hello@castloop.test).

- first
- second

3. three
4. four

> A quote.

| Metric | Good | Poor |
| :-- | --: | :-: |
| Completion | 70% | 50% |

\`\`\`ts
const ok = 1 < 2 && "<script>";
\`\`\`

![A figure](/blog/podcast-seo/figure.svg)

![A remote picture](https://cdn.castloop.test/picture.png)

---
`;

describe("legitimate markup survives", () => {
  const html = renderMarkdown(legitMarkdown);
  const document = parse(html);
  const $ = (selector: string) => document.querySelector(selector);
  const $$ = (selector: string) => [...document.querySelectorAll(selector)];

  it("is itself judged safe", () => {
    expect(unsafeParts(html)).toEqual([]);
  });

  it("keeps headings, inline formatting, lists, quotes and rules", () => {
    expect($("h2")?.textContent).toBe("Section heading");
    expect($("h3")?.textContent).toBe("Sub heading");
    expect($("p strong")?.textContent).toBe("bold");
    expect($("p em")?.textContent).toBe("emphasis");
    expect($("p del")?.textContent).toBe("struck");
    expect($("p code")?.textContent).toBe("inline code");
    expect($$("ul > li").map((li) => li.textContent)).toEqual(["first", "second"]);
    expect($("ol")?.getAttribute("start")).toBe("3");
    expect($$("ol > li").map((li) => li.textContent)).toEqual(["three", "four"]);
    expect($("blockquote")?.textContent?.trim()).toBe("A quote.");
    expect($("hr")).not.toBeNull();
  });

  it("keeps links with their URLs and titles", () => {
    expect($$("a").map((a) => [a.getAttribute("href"), a.getAttribute("title")])).toEqual([
      ["/blog/podcast-seo", null],
      ["https://castloop.test/guide", "Guide"],
      ["mailto:hello@castloop.test", null],
    ]);
  });

  it("keeps tables with their alignment, in a box that scrolls them and takes focus", () => {
    expect($$("th").map((th) => th.textContent)).toEqual(["Metric", "Good", "Poor"]);
    expect($$("td").map((td) => td.getAttribute("align"))).toEqual(["left", "right", "center"]);
    const box = $("table")?.parentElement;
    expect(box?.outerHTML.split(">")[0]).toBe(
      '<div class="table-scroll" role="region" tabindex="0" aria-label="Table: Metric, Good, Poor"',
    );
  });

  it("keeps code blocks with their language, as text", () => {
    const code = $("pre > code.language-ts");
    expect(code?.textContent).toBe('const ok = 1 < 2 && "<script>";\n');
    expect(code?.children).toHaveLength(0);
  });

  it("gives site images their file's size and lazy loading; remote ones lazy loading only", () => {
    const [figure, remote] = $$("img");
    expect(figure?.outerHTML).toBe(
      '<img src="/blog/podcast-seo/figure.svg" alt="A figure" width="1200" height="675" loading="lazy" decoding="async">',
    );
    expect(remote?.outerHTML).toBe(
      '<img src="https://cdn.castloop.test/picture.png" alt="A remote picture" loading="lazy" decoding="async">',
    );
  });
});

describe("sanitising is idempotent", () => {
  it.each([legitMarkdown, ...markdownVectors, ...htmlVectors])(
    "sanitising renderMarkdown's output again changes nothing: %s",
    (markdown) => {
      const html = renderMarkdown(markdown);
      expect(sanitizeHtml(html)).toBe(html);
    },
  );

  it.each(htmlVectors)("sanitise(sanitise(x)) equals sanitise(x): %s", (vector) => {
    const once = sanitizeHtml(vector);
    expect(sanitizeHtml(once)).toBe(once);
  });
});

describe("readImageSize", () => {
  it("reads an SVG's width and height and a PNG's header", () => {
    expect(readImageSize("/blog/podcast-seo/cover.svg")).toEqual({ width: 1600, height: 900 });
    expect(readImageSize("/blog/podcast-seo/figure.svg")).toEqual({ width: 1200, height: 675 });
    expect(readImageSize("/icon-512.png")).toEqual({ width: 512, height: 512 });
  });

  it("fails for a missing file and for paths outside public/", () => {
    expect(() => readImageSize("/blog/nope.svg")).toThrow(
      "Image /blog/nope.svg not found in public/",
    );
    expect(() => readImageSize("/../package.json")).toThrow("not found in public/");
    expect(() => renderMarkdown("![x](/blog/nope.svg)")).toThrow("Image /blog/nope.svg");
  });
});

describe("parseFrontmatter", () => {
  it("splits YAML frontmatter from the body and keeps ISO dates as text", () => {
    expect(parseFrontmatter("---\ntitle: Hi\ndate: 2025-03-15\n---\nBody\n", "x.md")).toEqual({
      data: { title: "Hi", date: "2025-03-15" },
      body: "Body\n",
    });
  });
});

describe("outbound links: articles cite their sources", () => {
  it('opens a source in the same tab with rel="noopener", and leaves site links alone', () => {
    const html = renderMarkdown(
      "See [Apple's requirements](https://podcasters.apple.com/support/823-podcast-requirements) and [pricing](/pricing).",
    );
    expect(html).toContain(
      '<a href="https://podcasters.apple.com/support/823-podcast-requirements" rel="noopener">',
    );
    expect(html).toContain('<a href="/pricing">pricing</a>');
    expect(html).not.toContain("target=");
  });
});
