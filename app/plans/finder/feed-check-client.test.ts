import { describe, expect, it } from "vitest";
import { requestFeedCheck } from "./feed-check-client";
import { feedClientMessages } from "./feed-cadence";

const answer = (body: unknown, status = 200) =>
  (async () => new Response(JSON.stringify(body), { status })) as typeof fetch;

describe("requestFeedCheck", () => {
  it("asks for the check-up action and returns a whole report", async () => {
    let sent: unknown;
    const report = {
      feed: "https://a.test/feed.xml",
      readAt: "2026-11-28T02:00:00.000Z",
      title: "Show",
      summary: { refusedBy: [], fixFirst: [], counts: {} },
      checks: [{ id: "C01", status: "pass" }],
    };
    const outcome = await requestFeedCheck("https://a.test/feed.xml", "https://site.test", (async (
      _url: string,
      init: RequestInit,
    ) => {
      sent = JSON.parse(String(init.body));
      return new Response(JSON.stringify(report));
    }) as typeof fetch);
    expect(sent).toEqual({ url: "https://a.test/feed.xml", action: "check" });
    expect(outcome).toEqual({ ok: true, report });
  });

  it("shows the function's own sentence for a failure", async () => {
    const outcome = await requestFeedCheck(
      "https://a.test/page",
      "https://site.test",
      answer({ error: "That address serves a web page.", code: "not_a_feed" }, 422),
    );
    expect(outcome).toEqual({ ok: false, message: "That address serves a web page." });
  });

  it("never draws a partial answer as a report", async () => {
    const outcome = await requestFeedCheck(
      "https://a.test/feed.xml",
      "https://site.test",
      answer({ readAt: "2026-11-28T02:00:00.000Z", checks: [] }),
    );
    expect(outcome).toEqual({ ok: false, message: feedClientMessages.unreachable });
  });

  it("refuses text that is no web address before any request", async () => {
    const outcome = await requestFeedCheck("not a url", "https://site.test", () => {
      throw new Error("no request expected");
    });
    expect(outcome).toEqual({ ok: false, message: feedClientMessages.notAUrl });
  });
});
