import { describe, expect, it } from "vitest";
import { deferModulePreloads } from "./html-rewrites";

describe("deferModulePreloads", () => {
  it("gives every modulepreload link a media query that matches nothing, and changes nothing else", () => {
    const html =
      '<head><link rel="icon" href="/favicon.svg"/><link rel="modulepreload" href="/assets/a.js"/>' +
      '<link rel="modulepreload" href="/assets/b-X_1.js"/><link rel="stylesheet" href="/assets/app.css"/></head>' +
      '<body><script type="module">import "/assets/a.js";</script></body>';
    expect(deferModulePreloads(html)).toBe(
      '<head><link rel="icon" href="/favicon.svg"/><link rel="modulepreload" href="/assets/a.js" media="not all"/>' +
        '<link rel="modulepreload" href="/assets/b-X_1.js" media="not all"/><link rel="stylesheet" href="/assets/app.css"/></head>' +
        '<body><script type="module">import "/assets/a.js";</script></body>',
    );
  });
});
