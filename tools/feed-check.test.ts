import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { RULES } from "../supabase/functions/feed-cadence/checkup/rules.ts";
import { fixtureFeeds } from "../tests/fakes/feed-fixtures.ts";
import { feedCheck } from "./feed-check.ts";

const now = Date.UTC(2026, 10, 15, 12);
const dir = mkdtempSync(join(tmpdir(), "feed-check-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function saved(name: string, content: string | Uint8Array): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

describe("feedCheck", () => {
  it("prints one JSON object with every rule, its status and its own fields", async () => {
    const path = saved("weekly.xml", fixtureFeeds(now)["/weekly.xml"]!);
    const output = await feedCheck([path, "--json", "--now", "2026-11-15T12:00:00Z"]);
    expect(output.exitCode).toBe(0);
    expect(output.text).not.toContain("\n");
    const report = JSON.parse(output.text);
    expect(report.checks.map((check: { id: string }) => check.id)).toEqual(
      RULES.map((rule) => rule.id),
    );
    expect(report.checks.find((check: { id: string }) => check.id === "C05")).toMatchObject({
      id: "C05",
      status: "fail",
      severity: "blocks",
      title: "Explicit flag",
      source: { url: expect.stringMatching(/^https:\/\//) },
    });
    expect(report.checks.find((check: { id: string }) => check.id === "E05")).toMatchObject({
      status: "unchecked",
      note: "not checked (saved file)",
    });
    expect(report.readAt).toBe("2026-11-15T12:00:00.000Z");
  });

  it("judges future dates as of --now", async () => {
    const path = saved("future.xml", fixtureFeeds(now)["/future.xml"]!);
    const early = JSON.parse((await feedCheck([path, "--json", "--now", "2026-11-15"])).text);
    const late = JSON.parse((await feedCheck([path, "--json", "--now", "2030-01-01"])).text);
    const future = (report: { checks: { id: string; found: { future: { count: number } } }[] }) =>
      report.checks.find((check) => check.id === "E07")!.found.future.count;
    expect(future(early)).toBeGreaterThan(0);
    expect(future(late)).toBe(0);
  });

  it("prints the report as text, summary first", async () => {
    const path = saved("weekly-text.xml", fixtureFeeds(now)["/weekly.xml"]!);
    const { text } = await feedCheck([path, "--now", "2026-11-15"]);
    expect(text).toMatch(/^Feed check-up: The Weekly Fixture\n/);
    expect(text).toContain("Would refuse this feed today: Apple Podcasts (C03, C04, C05)");
    expect(text).toContain("not checked (saved file)");
  });

  it("reads a gzip-compressed saved file by its magic bytes", async () => {
    const path = saved("weekly.xml.gz", gzipSync(fixtureFeeds(now)["/weekly.xml"]!));
    const report = JSON.parse((await feedCheck([path, "--json", "--now", "2026-11-15"])).text);
    expect(report).toMatchObject({ ok: true, title: "The Weekly Fixture" });
  });

  it("reads a saved file past the function's 5 MB, up to 32 MB", async () => {
    const weekly = fixtureFeeds(now)["/weekly.xml"]!;
    const padding = `<!--${" ".repeat(6 * 1024 * 1024)}-->`;
    const path = saved("large.xml", weekly.replace("<channel>", `<channel>${padding}`));
    const report = JSON.parse((await feedCheck([path, "--json", "--now", "2026-11-15"])).text);
    expect(report).toMatchObject({ ok: true, title: "The Weekly Fixture" });
    expect(report.checks.find((check: { id: string }) => check.id === "F05").status).toBe("warn");
    const huge = saved("huge.xml", new Uint8Array(32 * 1024 * 1024 + 1));
    expect(JSON.parse((await feedCheck([huge, "--json"])).text)).toMatchObject({
      ok: false,
      code: "feed_too_large",
    });
  });

  it("answers broken XML and an HTML page with one sentence each", async () => {
    const broken = JSON.parse(
      (await feedCheck([saved("broken.xml", "<rss><channel><title>x</channel>"), "--json"])).text,
    );
    expect(broken).toMatchObject({ ok: false, code: "broken_xml" });
    const page = (await feedCheck([saved("page.html", "<html><body>Hi</body></html>")])).text;
    expect(page).toMatch(/^That address serves a web page/);
  });

  it("refuses a URL that is not http(s), and bad usage with exit 2", async () => {
    expect(JSON.parse((await feedCheck(["ftp://example.com/feed", "--json"])).text)).toMatchObject({
      ok: false,
      code: "url_not_allowed",
    });
    expect((await feedCheck(["--json"])).exitCode).toBe(2);
    expect((await feedCheck([join(dir, "missing.xml")])).exitCode).toBe(2);
  });
});
