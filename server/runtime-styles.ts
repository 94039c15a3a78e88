import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { runInNewContext } from "node:vm";

/**
 * The stylesheets client code inserts as `<style>` elements at run time, which the CSP allows by
 * hash: sonner's, inserted when its module loads. Read by running the installed sonner against a
 * document that records what it inserts, so the hash follows whatever sonner the build bundles
 * (tests/built/ checks the bundle carries the same text).
 */
export function runtimeStylesheets(): string[] {
  const require = createRequire(import.meta.url);
  const file = require.resolve("sonner");
  const inserted: string[] = [];
  const style = { appendChild: (text: string) => void inserted.push(text) };
  const document = {
    head: { appendChild: () => {} },
    createElement: () => style,
    createTextNode: (text: string) => text,
  };
  const module = { exports: {} };
  runInNewContext(
    readFileSync(file, "utf8"),
    { document, require, module, exports: module.exports },
    { filename: file },
  );
  if (inserted.length === 0) {
    throw new Error(`${file} inserted no stylesheet: check how sonner styles its toasts now`);
  }
  return inserted;
}
