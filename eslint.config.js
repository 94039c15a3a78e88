import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

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
);
