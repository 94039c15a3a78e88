import { describe, expect, it } from "vitest";
import { parsePublicEnv } from "./env-schema";

describe("parsePublicEnv", () => {
  it("fills defaults that serve the local server", () => {
    expect(parsePublicEnv({ SITE_URL: "http://localhost:3000" })).toEqual({
      SITE_URL: "http://localhost:3000",
      VITE_SIGNUP_URL: "/contact",
      VITE_CONTACT_URL: "/contact",
      VITE_SUPPORT_EMAIL: "support@castloop.com",
      VITE_SUPABASE_URL: "",
      VITE_SUPABASE_ANON_KEY: "",
      VITE_BILLING_PORTAL_URL: "",
      VITE_CONFIRMATION_EMAIL: "false",
    });
  });

  it("treats empty values as unset", () => {
    expect(parsePublicEnv({ SITE_URL: "", VITE_SUPPORT_EMAIL: "" }).VITE_SUPPORT_EMAIL).toBe(
      "support@castloop.com",
    );
  });

  it("rejects malformed values and names the variable", () => {
    expect(() => parsePublicEnv({ VITE_SUPPORT_EMAIL: "not-an-address" })).toThrow(
      /VITE_SUPPORT_EMAIL/,
    );
    expect(() => parsePublicEnv({ SITE_URL: "ftp://castloop" })).toThrow(/SITE_URL/);
    expect(() => parsePublicEnv({ VITE_SUPABASE_URL: "javascript:alert(1)" })).toThrow(
      /VITE_SUPABASE_URL/,
    );
    // The portal link is Stripe's, always https; anything else would be a typo or worse.
    expect(() => parsePublicEnv({ VITE_BILLING_PORTAL_URL: "http://billing.example" })).toThrow(
      /VITE_BILLING_PORTAL_URL/,
    );
    expect(
      parsePublicEnv({ VITE_BILLING_PORTAL_URL: "https://billing.stripe.com/p/login/test_abc" })
        .VITE_BILLING_PORTAL_URL,
    ).toBe("https://billing.stripe.com/p/login/test_abc");
  });
});
