import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { runInNewContext } from "node:vm";

/**
 * The stylesheets client code inserts as `<style>` elements at run time, which the CSP allows by
 * hash: sonner's, inserted when its module loads. Read by running the installed sonner against a
 * document that records what it inserts, so the hash follows whatever sonner the build bundles
 * (tests/built/ checks the bundle carries the same text). The browser checks a `<style>` element
 * when it enters the document and again when its text changes, and sonner inserts an empty one
 * before filling it, so the text at each step is listed.
 */
export function runtimeStylesheets(): string[] {
  const require = createRequire(import.meta.url);
  const file = require.resolve("sonner");
  const inserted: string[] = [];
  let connected = false;
  let text = "";
  const style = {
    appendChild: (node: string) => {
      text += node;
      if (connected) inserted.push(text);
    },
  };
  const document = {
    head: {
      appendChild: () => {
        connected = true;
        inserted.push(text);
      },
    },
    createElement: () => style,
    createTextNode: (text: string) => text,
  };
  const module = { exports: {} };
  runInNewContext(
    readFileSync(file, "utf8"),
    { document, require, module, exports: module.exports },
    { filename: file },
  );
  if (!inserted.some((sheet) => sheet !== "")) {
    throw new Error(`${file} inserted no stylesheet: check how sonner styles its toasts now`);
  }
  return inserted;
}
