import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { getLegalMarkdown } from "~/content/legal.server";
import { siteLegalTokens } from "~/data/legal-tokens";
import { sourceFiles } from "./copy-sources.server";

// The fresh read's Cookie Policy pair: it spoke for the home page, pricing, help and the legal
// pages, and for Stripe Checkout, while /feed-check and /change-plan send visitors' input to
// our functions and a change-plan link ends in Stripe's subscription page (its customer portal). The policy must
// speak for every page that sends something to a function, for Stripe's every page a visitor
// reaches, and for browser storage as the code uses it.

/** Browser storage the site's own code uses, by file. */
function storageIn(files: Record<string, string>): string[] {
  return Object.entries(files)
    .filter(([, text]) =>
      /\b(?:localStorage|sessionStorage|document\.cookie|indexedDB)\b/.test(text),
    )
    .map(([path]) => path);
}

function checkCookies(policy: string, storage: string[]): string[] {
  const problems: string[] = [];
  for (const path of ["/feed-check", "/cancel", "/withdraw", "/change-plan"]) {
    if (!policy.includes(`](${path})`)) problems.push(`cookies: says nothing of ${path}`);
  }
  if (!policy.includes("our functions set none in their answers")) {
    problems.push("cookies: says nothing of the functions' answers");
  }
  if (!policy.includes("Stripe's subscription page")) {
    problems.push(
      "cookies: names Stripe Checkout but not the subscription page a change-plan link opens",
    );
  }
  const saysNoStorage = policy.includes(
    "Nor does our website keep anything in your browser's local storage",
  );
  if (storage.length > 0 && saysNoStorage) {
    problems.push(`cookies: says no local storage, but ${storage.join(", ")} use it`);
  }
  if (storage.length === 0 && !saysNoStorage)
    problems.push("cookies: says nothing of local storage");
  return problems;
}

const policy = getLegalMarkdown("cookies", siteLegalTokens());
const files = Object.fromEntries(
  [...sourceFiles("app", [".ts", ".tsx"]), ...sourceFiles("supabase/functions", [".ts"])].map(
    (path) => [path, readFileSync(path, "utf8")],
  ),
);

describe("the Cookie Policy", () => {
  it("speaks for every page that sends to a function, Stripe's pages and browser storage", () => {
    expect(storageIn(files)).toEqual([]);
    expect(checkCookies(policy, storageIn(files))).toEqual([]);
  });

  it("fails on the old policy, which stopped at the contact page and Stripe Checkout", () => {
    const old = policy
      .replace(
        / The pages that do send something to our server functions[^\n]*?session storage\./,
        "",
      )
      .replace(/, and the button on the page a change-plan link opens[^.]*\./, ".")
      .replace(", and Stripe's subscription page when you follow a change-plan link", "");
    expect(checkCookies(old, [])).toEqual([
      "cookies: says nothing of /feed-check",
      "cookies: says nothing of /cancel",
      "cookies: says nothing of /withdraw",
      "cookies: says nothing of /change-plan",
      "cookies: says nothing of the functions' answers",
      "cookies: names Stripe Checkout but not the subscription page a change-plan link opens",
      "cookies: says nothing of local storage",
    ]);
  });

  it("fails when the code starts using browser storage the policy denies", () => {
    const planted = { ...files, "app/x.ts": "localStorage.setItem('feed', url);" };
    expect(checkCookies(policy, storageIn(planted))).toEqual([
      "cookies: says no local storage, but app/x.ts use it",
    ]);
  });
});
