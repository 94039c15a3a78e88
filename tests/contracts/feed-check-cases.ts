import assert from "node:assert/strict";
import { FIXTURE_PUBLIC_ADDRESS, fixtureUrl } from "../fakes/fixture-network.ts";
import type { CheckupReport } from "../../supabase/functions/feed-cadence/checkup/types.ts";
import { RULES } from "../../supabase/functions/feed-cadence/checkup/rules.ts";
import { CHECK_MESSAGES } from "../../supabase/functions/feed-cadence/handler.ts";
import type {
  CheckInWorker,
  ReadInWorker,
} from "../../supabase/functions/feed-cadence/read-pool.ts";
import { SITE, withFeedStack, type ContractCase, type FeedStack } from "./feed-cadence-cases.ts";

// The check-up's contract (`action: "check"` of feed-cadence), run by Vitest on Node
// (feed-cadence/checkup/handler-check.test.ts) and by Deno (tests/functions/feed-check-test.ts).

const ENDPOINT = `${SITE}/functions/v1/feed-cadence`;

function postCheck(stack: FeedStack, url: unknown, clientIp = "203.0.113.9"): Promise<Response> {
  return stack.handler(
    new Request(ENDPOINT, {
      method: "POST",
      headers: { "content-type": "application/json", origin: SITE },
      body: JSON.stringify({ url, action: "check" }),
    }),
    { clientIp },
  );
}

const statusOf = (report: CheckupReport, id: string) =>
  report.checks.find((check) => check.id === id)?.status;

export function checkCases(read: ReadInWorker, check: CheckInWorker): ContractCase[] {
  const stack = (run: (stack: FeedStack) => Promise<void>, env?: Record<string, string>) =>
    withFeedStack(run, { read, check, env });
  return [
    {
      name: "check-up: a whole report, with the artwork and the latest file asked about",
      run: () =>
        stack(async (s) => {
          const response = await postCheck(s, fixtureUrl("/checkup.xml"));
          assert.equal(response.status, 200);
          const report = (await response.json()) as CheckupReport;
          assert.deepEqual(
            report.checks.map((c) => c.id),
            RULES.map((rule) => rule.id),
          );
          assert.equal(report.source, "url");
          assert.equal(statusOf(report, "F01"), "pass");
          assert.equal(statusOf(report, "C07"), "pass");
          assert.equal(statusOf(report, "C08"), "pass");
          assert.equal(statusOf(report, "C09"), "pass");
          assert.equal(statusOf(report, "E05"), "pass");
          assert.equal(report.checks.filter((c) => c.status === "unchecked").length, 0);
          // The feed, the artwork, a HEAD and a Range GET: four requests, no more.
          const paths = s.fixtures.requests.filter((path) => path !== "/checkup.xml");
          assert.deepEqual(paths.sort(), ["/cover.png", "/media/latest.mp3", "/media/latest.mp3"]);
        }),
    },
    {
      name: "check-up: small artwork and a host without byte ranges are findings",
      run: () =>
        stack(async (s) => {
          const report = (await (
            await postCheck(s, fixtureUrl("/checkup-no-ranges.xml"))
          ).json()) as CheckupReport;
          assert.equal(statusOf(report, "C08"), "fail");
          assert.equal(statusOf(report, "E05"), "fail");
          assert.ok(report.summary.refusedBy.some((refusal) => refusal.audience === "apple"));
        }),
    },
    {
      name: "check-up: artwork and media behind private addresses are never requested",
      run: () =>
        stack(async (s) => {
          for (const path of ["/checkup-lab.xml", "/checkup-lab-literal.xml"]) {
            const response = await postCheck(s, fixtureUrl(path));
            assert.equal(response.status, 200, path);
            const report = (await response.json()) as CheckupReport;
            assert.equal(statusOf(report, "C07"), "fail", path);
            assert.match(report.checks.find((c) => c.id === "C07")!.note, /could not read/);
            assert.equal(statusOf(report, "E05"), "fail", path);
          }
          assert.ok(s.connections.every((address) => address === FIXTURE_PUBLIC_ADDRESS));
        }),
    },
    {
      name: "check-up: one sentence for an HTML page, broken XML and a private feed address",
      run: () =>
        stack(async (s) => {
          for (const [path, status, code] of [
            ["/show.html", 422, "not_a_feed"],
            ["/malformed.xml", 422, "broken_xml"],
          ] as const) {
            const response = await postCheck(s, fixtureUrl(path));
            assert.equal(response.status, status, path);
            assert.deepEqual(await response.json(), { error: CHECK_MESSAGES[code], code });
          }
          const local = await postCheck(s, "http://127.0.0.1/checkup.xml");
          assert.equal(local.status, 422);
          assert.equal((await local.json()).code, "feed_unreachable");
          const ftp = await postCheck(s, "ftp://podcasts.fixture.test/checkup.xml");
          assert.equal((await ftp.json()).code, "url_not_allowed");
        }),
    },
    {
      name: "check-up: a report is kept for the feed's URL, without asking again",
      run: () =>
        stack(async (s) => {
          const first = (await (
            await postCheck(s, fixtureUrl("/checkup.xml"))
          ).json()) as CheckupReport;
          const before = s.fixtures.requests.length;
          const second = (await (
            await postCheck(s, fixtureUrl("/checkup.xml"))
          ).json()) as CheckupReport;
          assert.equal(s.fixtures.requests.length, before);
          assert.equal(second.readAt, first.readAt);
        }),
    },
    {
      name: "check-up: its extra requests count against the client's limit",
      run: () =>
        stack(
          async (s) => {
            // Four hits a minute: the look-up itself, the artwork, then the file's two
            // requests find the limit spent and are not made.
            const report = (await (
              await postCheck(s, fixtureUrl("/checkup.xml"))
            ).json()) as CheckupReport;
            const spent = ["C07", "E05"].map((id) => statusOf(report, id));
            assert.ok(spent.includes("unchecked"), JSON.stringify(spent));
            assert.ok(s.fixtures.requests.filter((p) => p !== "/checkup.xml").length <= 2);
            const again = await postCheck(s, fixtureUrl("/checkup.xml"));
            assert.equal(again.status, 429);
          },
          { FEED_RATE_LIMIT: "3" },
        ),
    },
  ];
}
