import { readdirSync, readFileSync } from "node:fs";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import {
  BRAND_NAME,
  DEFAULT_SUPPORT_EMAIL,
  FUNCTION_NAMES,
  FUNCTIONS_PATH,
  SITE_PATHS,
  WITHDRAW_ANSWER,
  WITHDRAWAL_DAYS,
} from "../../supabase/functions/_shared/contract.ts";

// The facts the site and the functions both state live in the contract alone; a copy typed
// anywhere else in the code fails here, with the file that holds it.
const CONTRACT = "supabase/functions/_shared/contract.ts";

/** The code the site, the server and the functions run: tests and test support left out. */
function codeFiles(): string[] {
  return ["app", "server", "supabase/functions", "scripts", "tools"]
    .flatMap((folder) =>
      readdirSync(folder, { recursive: true, encoding: "utf8" }).map((file) => `${folder}/${file}`),
    )
    .filter((path) => /\.tsx?$/.test(path) && !/\.d\.ts$|\.test\.tsx?$/.test(path))
    .sort();
}

type Strings = {
  /** String literals and JSX text, module specifiers left out. */
  literals: string[];
  /** The fixed parts of each template: `${siteUrl}/cancel` gives "/cancel". */
  parts: string[];
  /** Each template as written, so a reader can tell a page's URL from a key ending in a word. */
  templates: string[];
};

/** Every string a module writes, comments and the paths it imports from left out. */
function stringsIn(path: string): Strings {
  const source = ts.createSourceFile(
    path,
    readFileSync(path, "utf8"),
    ts.ScriptTarget.Latest,
    true,
    path.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const strings: Strings = { literals: [], parts: [], templates: [] };
  const isSpecifier = (node: ts.Node) =>
    ts.isImportDeclaration(node.parent) ||
    ts.isExportDeclaration(node.parent) ||
    ts.isLiteralTypeNode(node.parent) ||
    (ts.isCallExpression(node.parent) &&
      node.parent.expression.kind === ts.SyntaxKind.ImportKeyword);
  const visit = (node: ts.Node) => {
    if ((ts.isStringLiteralLike(node) && !isSpecifier(node)) || ts.isJsxText(node)) {
      strings.literals.push(node.text);
    } else if (ts.isTemplateLiteralToken(node)) {
      strings.parts.push(node.text);
    } else if (ts.isTemplateExpression(node)) {
      strings.templates.push(node.getText(source));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return strings;
}

const code = new Map(codeFiles().map((path) => [path, stringsIn(path)]));
const all = (strings: Strings) => [...strings.literals, ...strings.parts, ...strings.templates];

/** The files other than `allowed` in whose strings `matches` finds something. */
function filesStating(
  matches: (text: string) => boolean,
  allowed: readonly string[] = [],
  pick: (strings: Strings) => string[] = all,
) {
  return [...code]
    .filter(([path, strings]) => !allowed.includes(path) && pick(strings).some(matches))
    .map(([path]) => path);
}

describe("each fact the site and the functions share is stated once", () => {
  it("reads the code it checks, the contract among it", () => {
    expect(code.size).toBeGreaterThan(100);
    expect(code.get(CONTRACT)?.literals).toContain(FUNCTIONS_PATH);
  });

  it("names the functions' path only in the contract", () => {
    expect(filesStating((text) => text.includes(FUNCTIONS_PATH), [CONTRACT])).toEqual([]);
  });

  it("names each function only in the contract, outside its own folder", () => {
    // A module names its own function in its logs and errors; nothing else spells a name out.
    for (const name of Object.values(FUNCTION_NAMES)) {
      const own = [...code.keys()].filter((path) => path.startsWith(`supabase/functions/${name}/`));
      const naming = (text: string) => text === name || text.endsWith(`/${name}`);
      expect(filesStating(naming, [CONTRACT, ...own]), name).toEqual([]);
    }
  });

  it("lets the functions link to the site's pages only through the contract", () => {
    const functions = [...code.keys()].filter(
      (path) => path.startsWith("supabase/functions/") && path !== CONTRACT,
    );
    const pages = Object.values(SITE_PATHS).map((path) => path.split("/")[1]);
    // "/pricing" on its own, or after the site's URL: `${siteUrl}/cancel`.
    const typedPath = new RegExp(`(?:^|Url\\})/(?:${[...new Set(pages)].join("|")})\\b`);
    const stating = filesStating(
      (text) => typedPath.test(text),
      [],
      (strings) => [...strings.literals, ...strings.templates],
    ).filter((path) => functions.includes(path));
    expect(stating).toEqual([]);
  });

  it("spells the brand and the default support address only in the contract", () => {
    // The legal entity's registered name is a fact of its own that happens to contain the brand.
    expect(
      filesStating((text) => text.includes(BRAND_NAME), [CONTRACT, "app/config/legal-entity.ts"]),
    ).toEqual([]);
    expect(filesStating((text) => text.includes(DEFAULT_SUPPORT_EMAIL), [CONTRACT])).toEqual([]);
  });

  it("counts days in the contract's texts from its constants, never typed in", () => {
    const texts = all(code.get(CONTRACT)!);
    expect(texts.filter((text) => /\d+[- ]days?\b/.test(text))).toEqual([]);
    expect(WITHDRAW_ANSWER).toContain(`${WITHDRAWAL_DAYS}-day withdrawal period`);
  });
});
