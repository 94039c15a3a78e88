import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { sourceStrings } from "./copy-sources.server";

// The fresh read's pair on /feed-check: its no-script note said the check "runs in your
// browser", while the page posts the address to the feed function, which reads the feed on our
// server (feed-check-client.ts) and which the Privacy Policy describes as such.

const page = "app/components/feed-check/feed-check-tool.tsx";
const client = readFileSync("app/plans/finder/feed-check-client.ts", "utf8");

function checkWhereItRuns(strings: string[], clientSource: string): string[] {
  const serverSide =
    /action: "check"/.test(clientSource) && /fetchImpl\(functionUrl\(/.test(clientSource);
  return strings
    .filter(
      (text) =>
        serverSide &&
        /\bruns in your browser\b|\bnever leaves your (?:browser|device)\b/i.test(text),
    )
    .map((text) => `${page}: "${text}", but the feed is read on our server`);
}

describe("the feed check-up's page", () => {
  it("says the feed is read on our server, as the client and Privacy do", () => {
    const strings = sourceStrings(page, () => undefined);
    expect(checkWhereItRuns(strings, client)).toEqual([]);
    expect(strings.join(" ")).toContain("reads your feed on our server");
  });

  it("fails on the old note that the check runs in your browser", () => {
    const old =
      "The feed check runs in your browser and needs JavaScript. Turn JavaScript on for this site and reload the page to check your feed.";
    expect(checkWhereItRuns([old], client)).toEqual([
      `${page}: "${old}", but the feed is read on our server`,
    ]);
  });
});
