import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// One direction of imports between app/'s folders (docs/decisions/012-domain-folders.md):
// config → lib → ui → content | plans → examples | contact → data → site → components → routes.
// A folder imports only from folders to its left and from itself. Tests are left out: they check
// how folders fit together.
const appFolders = [
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
const mayImport = {
  config: ["config"],
  lib: ["config", "lib"],
  ui: ["config", "lib", "ui"],
  content: ["config", "lib", "ui", "content"],
  plans: ["config", "lib", "ui", "plans"],
  examples: ["config", "lib", "ui", "content", "plans", "examples"],
  contact: ["config", "lib", "ui", "contact"],
  data: ["config", "lib", "ui", "content", "plans", "examples", "contact", "data"],
  site: ["config", "lib", "ui", "content", "plans", "examples", "contact", "data", "site"],
  components: [
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
  ],
};

/** The no-restricted-imports patterns for a module of `folder`, allowed `allowed`. */
function directionPatterns(folder, allowed) {
  const banned = appFolders.filter((name) => !allowed.includes(name));
  return [
    {
      regex: `^~/(${banned.join("|")})(/|$)`,
      message: `app/${folder} imports only from ${allowed.join(", ")} (ADR 012).`,
    },
    {
      regex: `^(\\.\\./)+(${appFolders.join("|")})(/|$)`,
      message: "Import another app/ folder through ~/, where the direction rule can see it.",
    },
  ];
}

const testFiles = ["**/*.test.ts", "**/*.test.tsx"];
const directionRules = Object.entries(mayImport).map(([folder, allowed]) => ({
  files: [`app/${folder}/**/*.{ts,tsx}`],
  ignores: testFiles,
  rules: { "no-restricted-imports": ["error", { patterns: directionPatterns(folder, allowed) }] },
}));

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
  ...directionRules,
);
