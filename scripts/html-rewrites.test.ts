import { describe, expect, it } from "vitest";
import { stripModulePreloads } from "./html-rewrites";

describe("stripModulePreloads", () => {
  it("removes every modulepreload link and nothing else", () => {
    const html =
      '<head><link rel="icon" href="/favicon.svg"/><link rel="modulepreload" href="/assets/a.js"/>' +
      '<link rel="modulepreload" href="/assets/b-X_1.js"/><link rel="stylesheet" href="/assets/app.css"/></head>' +
      '<body><script type="module">import "/assets/a.js";</script></body>';
    expect(stripModulePreloads(html)).toBe(
      '<head><link rel="icon" href="/favicon.svg"/><link rel="stylesheet" href="/assets/app.css"/></head>' +
        '<body><script type="module">import "/assets/a.js";</script></body>',
    );
  });
});
