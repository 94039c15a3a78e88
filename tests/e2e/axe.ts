import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "./test";

/** Zero axe violations of any impact, listed by rule, impact and the elements it found. */
export async function expectNoAxeViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
  expect(summary, label).toEqual([]);
}
