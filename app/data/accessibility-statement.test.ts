import { afterEach, describe, expect, it, vi } from "vitest";

// The statement's line about the sign-up form follows VITE_SIGNUP_URL: another company's form
// is named as out of scope, our own contact page as covered.

async function statementWith(signupUrl: string) {
  vi.resetModules();
  vi.doMock("~/config/site", async (importOriginal) => {
    const real = await importOriginal<typeof import("~/config/site")>();
    return { ...real, siteConfig: { ...real.siteConfig, signupUrl } };
  });
  return (await import("./accessibility-statement")).accessibilityStatement;
}

afterEach(() => {
  vi.doUnmock("~/config/site");
  vi.resetModules();
});

describe("the accessibility statement's sign-up line", () => {
  it("names the host of an external sign-up form as not covered", async () => {
    const statement = await statementWith("https://forms.example.com/castloop");
    expect(statement.scope.paragraphs.join(" ")).toContain(
      "The Sign up form is hosted by another company, at forms.example.com, and is not covered by this statement.",
    );
  });

  it("says the contact page is covered when Sign up opens it", async () => {
    const statement = await statementWith("/contact");
    const scope = statement.scope.paragraphs.join(" ");
    expect(scope).toContain("open our own contact page, which this statement covers");
    expect(scope).not.toContain("another company");
  });

  it("states a conformance status, a reply time and a complaints body", async () => {
    const statement = await statementWith("/contact");
    expect(statement.status.term).toBe("Partially conforms");
    expect(statement.contact.rest).toMatch(/We reply within \d+ business days/);
    expect(statement.enforcement.bodies.length).toBeGreaterThan(0);
    for (const limit of statement.limits.items) {
      expect(limit.criterion).toMatch(/^\d\.\d+\.\d+ /);
      expect(limit.reason.length).toBeGreaterThan(20);
    }
  });
});
