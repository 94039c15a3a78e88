import ts from "typescript";
import { readdirSync, readFileSync } from "node:fs";

// What the copy checks (plan claims, billing statements) read: the words a visitor sees, by file.

/** Every string inside a value, depth first (functions skipped). */
export function stringsIn(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (typeof value === "function") return [];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (value && typeof value === "object") return Object.values(value).flatMap(stringsIn);
  return [];
}

/** The Markdown files of a folder, keyed by their path. */
export function markdownFiles(folder: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(folder)
      .filter((file) => file.endsWith(".md"))
      .map((file) => [`${folder}/${file}`, readFileSync(`${folder}/${file}`, "utf8")]),
  );
}

/** Every non-test source file under `folder` with one of `extensions`, recursively. */
export function sourceFiles(folder: string, extensions: readonly string[]): string[] {
  return readdirSync(folder, { recursive: true, encoding: "utf8" })
    .filter((file) => extensions.some((ext) => file.endsWith(ext)))
    .filter((file) => !/(?:^|[./_-])test(?:s|-helpers)?[./]|\.d\.ts$/.test(file))
    .map((file) => `${folder}/${file}`)
    .sort();
}

/**
 * The words a module shows, read from its source: whole string literals and JSX text, each JSX
 * element's children joined into one run so a sentence split by `{…}` stays one sentence.
 * `{name.key}` inside JSX reads `resolve(name.key)` when it knows the value (the statements
 * table), else nothing. Templates with `${…}` are left to the evaluated copy the tests import.
 */
export function sourceStrings(path: string, resolve: (expression: string) => string | undefined) {
  const file = ts.createSourceFile(
    path,
    readFileSync(path, "utf8"),
    ts.ScriptTarget.Latest,
    true,
    path.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const out: string[] = [];
  const jsxRun = (children: ts.NodeArray<ts.JsxChild>): string =>
    children
      .map((child) => {
        if (ts.isJsxText(child)) return child.text;
        if (ts.isJsxExpression(child) && child.expression) {
          const e = child.expression;
          if (ts.isStringLiteralLike(e)) return e.text;
          return resolve(e.getText(file)) ?? "";
        }
        return "\n";
      })
      .join("")
      .replace(/[ \t]*\n[ \t]*/g, " ")
      .trim();
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (ts.isJsxElement(node)) {
      const run = jsxRun(node.children);
      if (run) out.push(run);
    } else if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      const parent = node.parent;
      const isKey = parent && ts.isPropertyAssignment(parent) && parent.name === node;
      const isClass = ts.isJsxAttribute(parent) && parent.name.getText(file) === "className";
      if (!isKey && !isClass && !ts.isLiteralTypeNode(parent)) out.push(node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return out.filter((text) => /[a-z].*\s/i.test(text));
}
