import { describe, expect, it } from "vitest";
import { ownOrigins, siteAndOrigins } from "./env.ts";

describe("the site's own origins", () => {
  it("on a loopback SITE_URL, allow localhost, 127.0.0.1 and [::1] on its port", () => {
    expect(siteAndOrigins({ SITE_URL: "http://127.0.0.1:3000" })).toEqual({
      siteUrl: "http://127.0.0.1:3000",
      allowedOrigins: ["http://127.0.0.1:3000", "http://localhost:3000", "http://[::1]:3000"],
    });
    expect(ownOrigins("http://localhost")).toEqual([
      "http://localhost",
      "http://127.0.0.1",
      "http://[::1]",
    ]);
  });
  it("a public SITE_URL allows its own origin only, and ALLOWED_ORIGINS wins", () => {
    expect(siteAndOrigins({ SITE_URL: "https://castloop.example/" })).toEqual({
      siteUrl: "https://castloop.example",
      allowedOrigins: ["https://castloop.example"],
    });
    expect(
      siteAndOrigins({
        SITE_URL: "http://localhost:3000",
        ALLOWED_ORIGINS: "http://localhost:3000",
      }),
    ).toEqual({ siteUrl: "http://localhost:3000", allowedOrigins: ["http://localhost:3000"] });
  });
});
