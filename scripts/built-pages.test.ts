import { describe, expect, it } from "vitest";
import { definePage } from "../app/site/page-meta.ts";
import { assertPagesMatch, urlPathOf, type BuiltPage } from "./built-pages.ts";

const built = (...paths: string[]): BuiltPage[] => paths.map((urlPath) => ({ urlPath, html: "" }));
const described = (...paths: string[]) =>
  paths.map((path) => definePage({ path, title: path, description: "d" }));

describe("urlPathOf", () => {
  it("maps build/client files to the paths they answer at", () => {
    expect(urlPathOf("index.html")).toBe("/");
    expect(urlPathOf("pricing/index.html")).toBe("/pricing");
    expect(urlPathOf("blog/podcast-seo/index.html")).toBe("/blog/podcast-seo");
    expect(urlPathOf("404.html")).toBe("/404.html");
  });
});

describe("assertPagesMatch", () => {
  it("accepts a build that holds exactly the described pages, the not-found page at /404", () => {
    expect(() =>
      assertPagesMatch(built("/", "/pricing", "/404.html"), described("/", "/pricing", "/404")),
    ).not.toThrow();
  });

  it("names a built page without metadata and a described page that was not built", () => {
    expect(() =>
      assertPagesMatch(built("/", "/new", "/404.html"), described("/", "/old", "/404")),
    ).toThrow("built without metadata [/new], described but not built [/old]");
  });
});
