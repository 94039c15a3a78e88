import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// One direction of imports between app/'s folders (docs/decisions/012-domain-folders.md):
// config → lib → content | plans → examples → data → site → components → routes. A folder
// imports only from folders to its left and from itself; a domain's components/ may also import
// the shared primitives in components/ui. Tests are left out: they check how folders fit together.
const appFolders = [
  "config",
  "lib",
  "content",
  "plans",
  "examples",
  "data",
  "site",
  "components",
  "routes",
];
const mayImport = {
  config: ["config"],
  lib: ["config", "lib"],
  content: ["config", "lib", "content"],
  plans: ["config", "lib", "plans"],
  examples: ["config", "lib", "content", "plans", "examples"],
  data: ["config", "lib", "content", "plans", "examples", "data"],
  site: ["config", "lib", "content", "plans", "examples", "data", "site"],
  components: ["config", "lib", "content", "plans", "examples", "data", "site", "components"],
};

/** The no-restricted-imports patterns for a module allowed `allowed` (plus components/ui if `ui`). */
function directionPatterns(folder, allowed, ui = false) {
  const banned = appFolders.filter((name) => !allowed.includes(name));
  const uiOnly = ui && banned.includes("components");
  const names = banned.filter((name) => !(uiOnly && name === "components"));
  const patterns = [
    {
      regex: `^~/(${names.join("|")})(/|$)`,
      message: `app/${folder} imports only from ${allowed.join(", ")}${ui ? ", components/ui" : ""} (ADR 012).`,
    },
    {
      regex: `^(\\.\\./)+(${appFolders.join("|")})(/|$)`,
      message: "Import another app/ folder through ~/, where the direction rule can see it.",
    },
  ];
  if (uiOnly) {
    patterns.push({
      regex: "^~/components/(?!ui/)",
      message: `app/${folder} may import components/ui only, not other shared components (ADR 012).`,
    });
  }
  return patterns;
}

const testFiles = ["**/*.test.ts", "**/*.test.tsx"];
const directionRules = [
  ...Object.entries(mayImport).map(([folder, allowed]) => ({
    files: [`app/${folder}/**/*.{ts,tsx}`],
    ignores: testFiles,
    rules: { "no-restricted-imports": ["error", { patterns: directionPatterns(folder, allowed) }] },
  })),
  ...["plans", "examples"].map((folder) => ({
    files: [`app/${folder}/components/**/*.{ts,tsx}`],
    ignores: testFiles,
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: directionPatterns(`${folder}/components`, mayImport[folder], true) },
      ],
    },
  })),
  {
    // Shared primitives: they know no domain, so every domain's components can use them.
    files: ["app/components/ui/**/*.{ts,tsx}"],
    ignores: testFiles,
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: directionPatterns("components/ui", ["config", "lib"], true) },
      ],
    },
  },
];

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".react-router/",
      "node_modules/",
      "playwright-report/",
      "test-results/",
      "bench/results/",
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
    files: ["app/routes/**/*.tsx", "app/components/**/*.tsx"],
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
