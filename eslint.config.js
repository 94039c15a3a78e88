import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import boundaries from "eslint-plugin-boundaries";
import globals from "globals";
import tseslint from "typescript-eslint";

// The import rule over the whole house (docs/decisions/017-walls.md), checked by
// eslint-plugin-boundaries on static imports, re-exports, dynamic import() and TypeScript's
// import("…") types alike. Every file belongs to the first element whose pattern it matches, and
// a file no element or file pattern names fails lint; an element imports only itself and the
// elements `allowed` names. Inside app/ the direction is
// config → lib → ui → content | plans → examples | contact → data → site → components → routes,
// with the shell (root.tsx, routes.ts, entry.*) on top, and inside app/plans it is
// catalog → billing → checkout | manage → finder → components. Each Supabase function is an
// element of its own; the functions share only _shared. The contract is the one module of the
// functions that the site imports, and it imports nothing. Test code (tests/, *.test.* files) may
// import anything, and only test code imports it.
const appOrder = [
  "config",
  "lib",
  "ui",
  "content",
  "plans",
  "examples",
  "contact",
  "data",
  "site",
  "components",
  "routes",
];
/** The rooms of app/plans and what each reads; `plans` is the catalog at app/plans/*.ts. */
const planRooms = {
  "plans-billing": ["plans"],
  "plans-checkout": ["plans", "plans-billing"],
  "plans-manage": ["plans", "plans-billing"],
  "plans-finder": ["plans", "plans-billing", "plans-checkout"],
  "plans-components": ["plans", "plans-billing", "plans-checkout", "plans-manage", "plans-finder"],
};
const allPlans = ["plans", ...Object.keys(planRooms)];
/** A folder that may import plans may import every room of it. */
const withRooms = (list) => list.flatMap((folder) => (folder === "plans" ? allPlans : [folder]));
/** What each app/ folder may import besides itself; every app/ folder may import the contract. */
const appAllowed = {
  config: [],
  lib: ["config"],
  ui: ["config", "lib"],
  content: ["config", "lib", "ui"],
  plans: ["config", "lib", "ui"],
  examples: ["config", "lib", "ui", "content", "plans"],
  contact: ["config", "lib", "ui"],
  data: ["config", "lib", "ui", "content", "plans", "examples", "contact"],
  site: ["config", "lib", "ui", "content", "plans", "examples", "contact", "data"],
  components: appOrder.slice(0, appOrder.indexOf("components")),
  routes: appOrder.slice(0, appOrder.indexOf("routes")),
};
const appTypes = [...appOrder, ...Object.keys(planRooms), "shell"];
/** Packages that run only on the server or in the functions, never in the site's bundle. */
const serverOnlyPackages = [
  "postgres",
  "stripe",
  "hono",
  "undici",
  "@hono/node-server",
  "@electric-sql/pglite",
  "@electric-sql/pglite-socket",
  "negotiator",
];

const element = (type, pattern, options = {}) => ({
  type,
  pattern,
  partialMatch: false,
  ...options,
});
const elements = [
  element("tests", "tests"),
  element("shared", "supabase/functions/_shared"),
  // Each folder beside _shared is one function, its own element, named by its folder.
  element("functions", "supabase/functions/*", { capture: ["name"] }),
  ...Object.keys(planRooms).map((room) => element(room, `app/${room.replace("-", "/")}`)),
  ...appOrder.map((folder) => element(folder, `app/${folder}`)),
  // root.tsx, routes.ts, entry.*, the stylesheet: the app's top.
  element("shell", "app"),
  element("server", "server"),
  element("scripts", "scripts"),
  element("tools", "tools"),
];
const files = [
  { category: "test", pattern: "**/*.test.{ts,tsx}" },
  { category: "contract", pattern: "supabase/functions/_shared/contract.ts" },
  // The tools' own configs at the root: vite, vitest, playwright, react-router, this file.
  { category: "tool-config", pattern: "*.config.{ts,js}" },
];

const allowed = {
  ...Object.fromEntries(Object.entries(appAllowed).map(([type, list]) => [type, withRooms(list)])),
  // A room reads what the catalog reads, the catalog and the rooms before it.
  ...Object.fromEntries(
    Object.entries(planRooms).map(([room, list]) => [room, [...appAllowed.plans, ...list]]),
  ),
  shell: withRooms(appOrder),
  shared: [],
  functions: ["shared"],
  server: ["config", "functions", "shared"],
  scripts: [...withRooms(appOrder), "server", "functions", "shared"],
  tools: ["server", "functions", "shared"],
};
const toTypes = (types) => ({ to: { element: { types: { anyOf: types } } } });
// The last policy that matches an import decides.
const policies = [
  // Packages and Node's own modules, except the server-only ones in app/ (the last policy).
  { allow: { to: { module: { origin: ["external", "core"] } } } },
  ...Object.entries(allowed).map(([type, list]) => ({
    from: { element: { type } },
    allow: toTypes([type, ...list]),
  })),
  {
    // A function imports its own folder, never a sibling's: what two share goes in _shared.
    from: { element: { type: "functions" } },
    disallow: toTypes(["functions"]),
    message:
      "Function {{from.element.captured.name}} may not import function {{to.element.captured.name}}; share it through _shared (docs/decisions/017-walls.md).",
  },
  {
    from: { element: { type: "functions" } },
    allow: {
      to: {
        element: { type: "functions", captured: { name: "{{ from.element.captured.name }}" } },
      },
    },
  },
  {
    // The one module of the functions that the site and the tools may import.
    from: { element: { types: { anyOf: [...appTypes, "scripts", "tools", "server"] } } },
    allow: { to: { file: { categories: { anyOf: ["contract"] } } } },
  },
  { disallow: { to: { file: { categories: { anyOf: ["test"] } } } } },
  { disallow: toTypes(["tests"]) },
  { from: { file: { categories: { anyOf: ["test"] } } }, allow: toTypes(["*"]) },
  { from: { element: { type: "tests" } }, allow: toTypes(["*"]) },
  {
    from: { file: { categories: { anyOf: ["tool-config"] } } },
    allow: toTypes(["config", "server", "tests"]),
  },
  // The build steps read the prerender settings from react-router.config.ts.
  {
    from: { element: { type: "scripts" } },
    allow: { to: { file: { categories: "tool-config" } } },
  },
  {
    from: { element: { types: { anyOf: appTypes } } },
    disallow: { to: { module: { origin: "external", source: serverOnlyPackages } } },
    message:
      "{{from.element.type}} may not import the server-only package {{to.module.source}} (docs/decisions/017-walls.md).",
  },
];

const importRule = {
  files: ["**/*.{ts,tsx,js,mjs,cjs}"],
  plugins: { boundaries },
  settings: {
    "boundaries/elements": elements,
    "boundaries/files": files,
    // TypeScript's `import("…")` type, which the plugin's default nodes leave out.
    "boundaries/additional-dependency-nodes": [
      { selector: "TSImportType > Literal", kind: "type", name: "import-type" },
    ],
    "import/resolver": {
      alias: { map: [["~", "./app"]], extensions: [".ts", ".tsx", ".js", ".css"] },
    },
  },
  rules: {
    "boundaries/no-unknown-files": "error",
    "boundaries/dependencies": [
      "error",
      {
        default: "disallow",
        checkAllOrigins: true,
        checkInternals: true,
        policies,
        message:
          "{{from.element.type}} may not import {{to.element.type}} {{to.file.categories}} (docs/decisions/017-walls.md).",
      },
    ],
  },
};

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".react-router/",
      "node_modules/",
      "playwright-report/",
      "test-results/",
      "tests/bench/results/",
      ".cache/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["app/**/*.tsx"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    // Copy, prices and contacts live in app/config and app/data, never typed into components.
    files: ["app/routes/**/*.tsx", "app/components/**/*.tsx", "app/ui/**/*.tsx"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "Literal[value=/lorem ipsum|example\\.com|\\$\\d/i]",
          message: "Placeholder copy, example.com and raw $ prices belong nowhere; use app/data.",
        },
        {
          selector: "JSXText[value=/lorem ipsum|example\\.com|\\$\\d/i]",
          message: "Placeholder copy, example.com and raw $ prices belong nowhere; use app/data.",
        },
      ],
    },
  },
  importRule,
  {
    files: ["supabase/functions/_shared/contract.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "ImportDeclaration, ImportExpression, ExportAllDeclaration, ExportNamedDeclaration[source], TSImportType",
          message: "The contract imports nothing, so Vite, Node and Deno read it as it is.",
        },
      ],
    },
  },
);
