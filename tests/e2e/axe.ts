import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "./test";

/** Zero axe violations of any impact, listed by rule, impact and the elements it found. */
export async function expectNoAxeViolations(page: Page, label: string) {
  // Legacy mode runs axe.run in the page itself. The default runs each frame apart and merges the
  // results in a new blank page, which only cross-origin frames need, and the CSP's `default-src
  // 'none'` lets no page of ours load a frame (tests/README.md has what it saves).
  // Only violations are read, so axe works out selectors for one node per passing rule rather
  // than for every node it checked (axe-core doc/API.md, "Section 4: Performance").
  const results = await new AxeBuilder({ page })
    .setLegacyMode()
    .options({ resultTypes: ["violations"] })
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
  expect(summary, label).toEqual([]);
}
