import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { accessibilityStatement } from "~/data/accessibility-statement";

// The fresh read's pair: the accessibility statement covered "the pages to cancel or withdraw"
// after /change-plan and /feed-check had landed. Every page a visitor works through, each
// flow with pages of its own and each tool with a form, must be named in the scope.

/** The words that name each interactive page in the scope. */
const named: Record<string, string> = {
  cancel: "to cancel",
  withdraw: "to withdraw",
  "change-plan": "to change your plan",
  "feed-check": "the feed check-up",
  pricing: "plan finder",
  contact: "the contact form",
};

/** Top-level paths with pages under them (a flow: /cancel/requested, /change-plan/sent …). */
function flows(routes: string): string[] {
  const paths = [...routes.matchAll(/route\(\s*"([^"*]+)"/g)].map((match) => match[1]!);
  const parents = paths
    .filter((path) => path.includes("/"))
    .map((path) => path.split("/")[0]!)
    .filter((parent) => paths.includes(parent));
  return [...new Set(parents)].sort();
}

function checkScope(scope: string, routes: string): string[] {
  const problems = flows(routes)
    .filter((flow) => !(flow in named))
    .map((flow) => `/${flow} has pages of its own but no words in this check`);
  for (const [path, words] of Object.entries(named)) {
    if (!scope.includes(words)) problems.push(`the scope does not name /${path} ("${words}")`);
  }
  return problems;
}

const routes = readFileSync("app/routes.ts", "utf8");
const scope = accessibilityStatement.scope.paragraphs.join(" ");

describe("the accessibility statement's scope", () => {
  it("names every flow and tool of the site", () => {
    expect(flows(routes)).toEqual(["cancel", "change-plan", "withdraw"]);
    expect(checkScope(scope, routes)).toEqual([]);
  });

  it("fails on the old scope, which stopped at cancel and withdraw", () => {
    const old =
      "It covers every page of this website: the articles, the pricing page with its plan finder and comparison table, the sample kits, the Help Center, the contact form, the pages to cancel or withdraw, and the buttons that start a checkout.";
    expect(checkScope(old, routes)).toEqual([
      'the scope does not name /withdraw ("to withdraw")',
      'the scope does not name /change-plan ("to change your plan")',
      'the scope does not name /feed-check ("the feed check-up")',
    ]);
  });

  it("fails on a new flow that nobody added to it", () => {
    const more = `${routes}\nroute("pause", "routes/pause.tsx"),\nroute("pause/done", "routes/pause-done.tsx"),`;
    expect(checkScope(scope, more)).toEqual([
      "/pause has pages of its own but no words in this check",
    ]);
  });

  it("leaves Stripe's two pages out, with a way around them", () => {
    expect(scope).toContain("Stripe Checkout");
    expect(scope).toContain("Stripe's subscription page");
    expect(accessibilityStatement.scope.alternativeLead).toContain("to another plan");
  });
});
