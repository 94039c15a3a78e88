import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { describe, expect, it } from "vitest";

// The docs stand on their own: nothing points to a document outside the repository (the
// product's constants are docs/product.md), to a tracker's numbered item, or to a file, ADR or
// heading that is not there. The phrases are assembled so this file does not contain them.

const SPEC = "sp" + "ec";
const ISSUE = "iss" + "ue";
const OUTSIDE_REFERENCES: readonly RegExp[] = [
  new RegExp(`\\bthe ${SPEC}\\b`, "i"),
  new RegExp(`\\b${SPEC}'s\\b`, "i"),
  new RegExp(`\\b${SPEC}\\.md\\b`, "i"),
  new RegExp(`\\b${ISSUE}s? #?\\d+`, "i"),
];

const BINARY = /\.(png|jpe?g|gif|webp|avif|ico|woff2?|ttf|otf|pdf|mp3|wav|m4a|aac|zip|gz|br)$/i;

const UNTRACKED = new Set([".git", "node_modules", "build", ".cache", ".react-router"]);

/** Every file under `dir`, for a copy of the repository without git. */
function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (UNTRACKED.has(entry.name) || entry.name.endsWith("-results")) return [];
    const path = dir === "." ? entry.name : `${dir}/${entry.name}`;
    return entry.isDirectory() ? walk(path) : [path];
  });
}

/** The repository's text files, as git tracks them. */
function trackedTextFiles(): string[] {
  let files: string[];
  try {
    files = execFileSync("git", ["ls-files", "-z"], { encoding: "utf8" }).split("\0");
  } catch {
    files = walk(".");
  }
  return files.filter((file) => file !== "" && !BINARY.test(file) && existsSync(file));
}

/** `file:line: text` for each line that names a document outside the repository. */
export function outsideReferences(file: string, text: string): string[] {
  return text
    .split("\n")
    .flatMap((line, index) =>
      OUTSIDE_REFERENCES.some((pattern) => pattern.test(line))
        ? [`${file}:${index + 1}: ${line.trim()}`]
        : [],
    );
}

/** GitHub's heading anchor: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, "")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[^\p{L}\p{N}\s-]/gu, "")
    .replace(/\s/g, "-");

function anchorsIn(markdownFile: string): Set<string> {
  const text = readFileSync(markdownFile, "utf8").replace(/```[\s\S]*?```/g, "");
  const anchors = new Set<string>();
  for (const [, heading] of text.matchAll(/^#{1,6}\s+(.+)$/gm)) anchors.add(anchorOf(heading!));
  for (const [, id] of text.matchAll(/<a (?:id|name)="([^"]+)"/g)) anchors.add(id!);
  return anchors;
}

/** A repo-relative target (with an optional #anchor) that does not resolve, or undefined. */
function brokenTarget(target: string, from: string): string | undefined {
  const [path, anchor] = target.split("#") as [string, string | undefined];
  const resolved = path === "" ? from : normalize(join(dirname(from), decodeURIComponent(path)));
  if (!existsSync(resolved)) return `${target} (no ${resolved})`;
  if (anchor && resolved.endsWith(".md") && !anchorsIn(resolved).has(anchor)) {
    return `${target} (no heading #${anchor} in ${resolved})`;
  }
  return undefined;
}

/** Markdown links (inline and reference-style) to repository files that are not there. */
export function brokenMarkdownLinks(file: string, text: string): string[] {
  const prose = text.replace(/```[\s\S]*?```/g, "").replace(/`[^`\n]*`/g, "``");
  const targets = [
    ...[...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!),
    ...[...prose.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((m) => m[1]!),
  ];
  return targets
    .filter((target) => !/^(?:[a-z][a-z0-9+.-]*:|\/)/i.test(target))
    .flatMap((target) => {
      const broken = brokenTarget(target, file);
      return broken === undefined ? [] : [`${file}: ${broken}`];
    });
}

/** `docs/…` paths named anywhere (code comments included) that do not exist. */
export function brokenDocsPaths(file: string, text: string): string[] {
  return [...text.matchAll(/(?<![\w./@-])docs\/[\w./-]*[\w/](?:#[\w-]+)?/g)]
    .map((match) => match[0])
    .filter((path) => !/[<>*{}]|NNN/.test(path))
    .flatMap((path) => {
      const broken = brokenTarget(path, "package.json");
      return broken === undefined ? [] : [`${file}: ${broken}`];
    });
}

/** "ADR 017" where docs/decisions/ has no 017-… file. */
export function missingAdrs(file: string, text: string, adrNumbers: ReadonlySet<string>): string[] {
  return [...text.matchAll(/\bADRs? (\d{3})\b/g)]
    .map((match) => match[1]!)
    .filter((number) => !adrNumbers.has(number))
    .map((number) => `${file}: ADR ${number} has no file in docs/decisions/`);
}

// This file's planted cases name missing files on purpose.
const THIS_FILE = "tests/layout/doc-references.test.ts";

describe("references in the repository", () => {
  const files = trackedTextFiles().filter((file) => file !== THIS_FILE);
  const texts = files.map((file) => [file, readFileSync(file, "utf8")] as const);
  const adrNumbers = new Set(
    files.flatMap((file) => /^docs\/decisions\/(\d{3})-/.exec(file)?.[1] ?? []),
  );

  it("name no document outside it and no numbered tracker item", () => {
    expect(texts.flatMap(([file, text]) => outsideReferences(file, text))).toEqual([]);
  });

  it("link only Markdown targets that exist, headings included", () => {
    const markdown = texts.filter(([file]) => file.endsWith(".md"));
    expect(markdown.length).toBeGreaterThan(10);
    expect(markdown.flatMap(([file, text]) => brokenMarkdownLinks(file, text))).toEqual([]);
  });

  it("name only docs/ paths and ADRs that exist", () => {
    // Markdown's own docs/ paths are links, checked above; its code spans may name other
    // repositories' files (tests/fixtures/feeds/SOURCES.md).
    const code = texts.filter(([file]) => !file.endsWith(".md"));
    expect(code.flatMap(([file, text]) => brokenDocsPaths(file, text))).toEqual([]);
    expect(texts.flatMap(([file, text]) => missingAdrs(file, text, adrNumbers))).toEqual([]);
  });

  it("catch each planted reference", () => {
    const planted = [
      `// as the ${SPEC}'s table says`,
      `See ${SPEC.toUpperCase()}.md.`,
      `// The ${ISSUE} 45 fix.`,
      `Fixed in ${ISSUE} #12.`,
    ];
    for (const line of planted) expect(outsideReferences("x.ts", line)).toHaveLength(1);
    expect(
      outsideReferences("x.ts", `the ${SPEC}ulation rules; routes.${SPEC}.ts; an ${ISSUE}`),
    ).toEqual([]);
    expect(brokenMarkdownLinks("README.md", "[gone](docs/gone.md) [ok](docs/product.md)")).toEqual([
      "README.md: docs/gone.md (no docs/gone.md)",
    ]);
    expect(brokenMarkdownLinks("docs/x.md", "[bad anchor](product.md#no-such-heading)")).toEqual([
      "docs/x.md: product.md#no-such-heading (no heading #no-such-heading in docs/product.md)",
    ]);
    expect(brokenMarkdownLinks("README.md", "[site](/pricing) [web](https://example.org)")).toEqual(
      [],
    );
    expect(
      brokenDocsPaths("app/x.ts", "// timings in docs/nowhere.md#x, see docs/product.md"),
    ).toEqual(["app/x.ts: docs/nowhere.md#x (no docs/nowhere.md)"]);
    expect(missingAdrs("x.md", "ADR 017 and ADR 999", new Set(["017"]))).toEqual([
      "x.md: ADR 999 has no file in docs/decisions/",
    ]);
  });
});
