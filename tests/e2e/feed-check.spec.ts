import { expectNoAxeViolations } from "./axe";
import { expect, test, type Page } from "./test";
import { fixtureUrl, startFeedStack, type FeedStack } from "./feed-stack";

// The feed check-up page against the real function and a local fixture host.

let stack: FeedStack;
test.beforeAll(async () => {
  // The stack opens its database (PGlite in memory) first: seconds, more on a loaded machine.
  test.setTimeout(120_000);
  stack = await startFeedStack();
});
test.afterAll(async () => {
  await stack?.close();
});

const feedField = (page: Page) => page.getByLabel("Your podcast's RSS feed URL");
const groups = ["Apple Podcasts", "Spotify", "YouTube", "Listeners and search"];

async function expectReport(page: Page) {
  const heading = page.getByRole("heading", { level: 2, name: "Report for Checked Show" });
  await expect(heading).toBeVisible();
  await expect(heading).toBeFocused();
  await expect(page.getByRole("status")).toHaveText(/^Report ready: \d+ problems?\.$/);
  await expect(page.getByRole("heading", { name: "Summary" })).toBeVisible();
  await expect(page.getByText(/^Feed read /)).toBeVisible();
  for (const name of groups) {
    await expect(page.getByRole("heading", { level: 3, name, exact: true })).toBeVisible();
  }
  // Each check names its status in words and links to the rule's source.
  const apple = page.getByRole("region", { name: "Apple Podcasts" });
  await expect(apple.getByRole("listitem").first()).toContainText(
    /Pass|Warning|Fail|Not applicable/,
  );
  await expect(
    apple.getByRole("link", { name: "Apple Podcasts requirements" }).first(),
  ).toHaveAttribute("href", /^https:\/\/podcasters\.apple\.com\//);
}

test("a feed entered in the field gives the grouped report and its summary", async ({
  page,
  gotoHydrated,
}) => {
  await gotoHydrated(`${stack.origin}/feed-check`);
  const feed = fixtureUrl("/checkup.xml");
  await feedField(page).fill(feed);
  await page.getByRole("button", { name: "Check my feed" }).click();
  await expectReport(page);
  // The address now shares this report.
  expect(new URL(page.url()).searchParams.get("feed")).toBe(feed);
  await expectNoAxeViolations(page, "/feed-check with a report");
});

test("a shared address runs its check on load and fills the field", async ({
  page,
  gotoHydrated,
}) => {
  const feed = fixtureUrl("/checkup.xml");
  await gotoHydrated(`${stack.origin}/feed-check?feed=${encodeURIComponent(feed)}`);
  await expect(feedField(page)).toHaveValue(feed);
  await expectReport(page);
});

test("an address that is not a feed gets the function's one sentence", async ({
  page,
  gotoHydrated,
}) => {
  await gotoHydrated(`${stack.origin}/feed-check`);
  await feedField(page).fill(fixtureUrl("/show.html"));
  await page.getByRole("button", { name: "Check my feed" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "That address serves a web page or another document, not a podcast RSS feed. Paste the feed's own URL, usually ending in .xml or /feed.",
  );
  await expect(page.getByRole("heading", { name: /^Report for/ })).toHaveCount(0);
});

test("text that is no web address is refused before any request", async ({
  page,
  gotoHydrated,
}) => {
  await gotoHydrated(`${stack.origin}/feed-check?feed=not-a-feed`);
  await expect(page.getByRole("status")).toHaveText(
    "That isn't a web address. Paste your feed's full URL, starting with https:// or http://.",
  );
});
