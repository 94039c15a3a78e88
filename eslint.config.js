import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import boundaries from "eslint-plugin-boundaries";
import globals from "globals";
import tseslint from "typescript-eslint";

// The import rule over the whole house (docs/decisions/017-walls.md), checked by
// eslint-plugin-boundaries on static imports, re-exports, dynamic import() and TypeScript's
// import("…") types alike. Every file belongs to the first element whose pattern it matches; an
// element imports only itself and the elements `allowed` names. Inside app/ the direction is
// config → lib → ui → content | plans → examples | contact → data → site → components → routes,
// with the shell (root.tsx, routes.ts, entry.*) on top. The contract is the one module of the
// functions that the site imports, and it imports nothing. Test code (tests/,
// supabase/functions/tests/, *.test.* files) may import anything, and only test code imports it.
// The tools' own configs at the root (vite, vitest, playwright, react-router) are outside it.
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

const element = (type, pattern) => ({ type, pattern, partialMatch: false });
const elements = [
  element("tests", ["tests", "supabase/functions/tests"]),
  element("functions", "supabase/functions"),
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
];

const allowed = {
  ...appAllowed,
  shell: appOrder,
  functions: [],
  server: ["config", "functions"],
  scripts: [...appOrder, "server", "functions"],
  tools: ["server", "functions"],
};
const toTypes = (types) => ({ to: { element: { types: { anyOf: types } } } });
const policies = [
  ...Object.entries(allowed).map(([type, list]) => ({
    from: { element: { type } },
    allow: toTypes([type, ...list]),
  })),
  {
    // The one module of the functions that the site and the tools may import.
    from: { element: { types: { anyOf: [...appOrder, "shell", "scripts", "tools", "server"] } } },
    allow: { to: { file: { categories: { anyOf: ["contract"] } } } },
  },
  { disallow: { to: { file: { categories: { anyOf: ["test"] } } } } },
  { disallow: toTypes(["tests"]) },
  { from: { file: { categories: { anyOf: ["test"] } } }, allow: toTypes(["*"]) },
  { from: { element: { type: "tests" } }, allow: toTypes(["*"]) },
];

const importRule = {
  files: ["**/*.{ts,tsx,js}"],
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
    "boundaries/dependencies": [
      "error",
      {
        default: "disallow",
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
