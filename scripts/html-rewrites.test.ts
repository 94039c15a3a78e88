import { describe, expect, it } from "vitest";
import {
  deferModulePreloads,
  deferModuleScript,
  inlineStylesheet,
  paintAfterMain,
} from "./html-rewrites";

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

describe("deferModuleScript", () => {
  // The module script React Router 7 prints into every prerendered page.
  const page = (script: string) =>
    `<body><main><h1>Hi</h1></main><script>window.__reactRouterContext = {};</script><script type="module" async="">${script}</script><script>done();</script></body>`;
  const reactRouterScript =
    'import "/assets/manifest-219e3b61.js";\n' +
    'import * as route0 from "/assets/root-BUTUe8Wc.js";\n' +
    'import * as route1 from "/assets/home-D3QS-IjW.js";\n' +
    "  \n" +
    '  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};\n' +
    "\n" +
    'import("/assets/entry.client-CO5e1HAn.js");';

  const scriptOf = (html: string) =>
    /<script type="module" async="">([\s\S]*?)<\/script>/.exec(html)![1]!;

  it("imports nothing until the parsed page has painted, then fetches every chunk and loads the same modules in parallel", () => {
    const script = scriptOf(deferModuleScript(page(reactRouterScript)));
    expect(script).not.toMatch(/^import /m);
    const waits = script.indexOf("DOMContentLoaded");
    const fetches = script.indexOf('link.removeAttribute("media")');
    expect(fetches).toBeGreaterThan(waits);
    const loads = script.indexOf(
      'const [, route0, route1] = await Promise.all([import("/assets/manifest-219e3b61.js"), import("/assets/root-BUTUe8Wc.js"), import("/assets/home-D3QS-IjW.js")]);',
    );
    const modules = script.indexOf(
      'window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};',
    );
    const entry = script.indexOf('import("/assets/entry.client-CO5e1HAn.js");');
    expect(waits).toBeGreaterThanOrEqual(0);
    expect(loads).toBeGreaterThan(waits);
    expect(modules).toBeGreaterThan(loads);
    expect(entry).toBeGreaterThan(modules);
    // A frame after parsing; in a background tab, which paints none, a timeout.
    expect(script).toContain("requestAnimationFrame");
    expect(script).toContain("setTimeout(go, 3000)");
  });

  it("runs as a module script that parses, and leaves the rest of the page as it was", () => {
    const html = deferModuleScript(page(reactRouterScript));
    expect(html.replace(scriptOf(html), "")).toBe(page(""));
    // Top-level await is only valid in a module; parse the body as an async function instead.
    const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor;
    expect(() => new AsyncFunction(scriptOf(html))).not.toThrow();
  });

  it("fails the build when React Router's script is missing or has changed shape", () => {
    expect(() => deferModuleScript("<body><h1>Hi</h1></body>")).toThrow(/no React Router module/);
    expect(() => deferModuleScript(page('import("/assets/entry.client.js");'))).toThrow(
      /changed shape/,
    );
    expect(() =>
      deferModuleScript(page('import * as route0 from "/assets/root.js";\nstart(route0);')),
    ).toThrow(/changed shape/);
  });
});

describe("inlineStylesheet", () => {
  const head =
    '<head><link rel="stylesheet" href="/assets/app-X1.css"/><noscript><link rel="stylesheet" href="/noscript.css"/></noscript></head>';

  it("puts the stylesheet into a style element and keeps its link, disabled, for React", () => {
    const read: string[] = [];
    const html = inlineStylesheet(head, (href) => {
      read.push(href);
      return "body{color:red}";
    });
    expect(read).toEqual(["/assets/app-X1.css"]);
    expect(html).toBe(
      '<head><style>body{color:red}</style><link rel="stylesheet" href="/assets/app-X1.css" disabled=""/><noscript><link rel="stylesheet" href="/noscript.css"/></noscript></head>',
    );
  });

  it("fails the build without a stylesheet link or with CSS that would end the element", () => {
    expect(() => inlineStylesheet("<head></head>", () => "")).toThrow(/no stylesheet/);
    expect(() => inlineStylesheet(head, () => 'a::after{content:"</style>"}')).toThrow(/<\/style/);
  });
});

describe("paintAfterMain", () => {
  it("blocks rendering until <main> is parsed, with a link in the head", () => {
    expect(paintAfterMain('<head></head><body><main id="main"></main></body>')).toBe(
      '<head><link rel="expect" href="#main" blocking="render"/></head><body><main id="main"></main></body>',
    );
    expect(() => paintAfterMain("<head></head><body></body>")).toThrow(/no <main/);
  });
});
