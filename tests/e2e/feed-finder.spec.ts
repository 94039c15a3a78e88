import { feedFinderCopy } from "../../app/plans/finder/feed-finder.ts";
import { expectNoAxeViolations } from "./axe";
import { expect, test, type Page } from "./test";
import { fixtureUrl, startFeedStack, type FeedStack } from "./feed-stack";

// The plan finder's feed field against the real function and a local fixture host.

let stack: FeedStack;
test.beforeAll(async () => {
  // The stack opens its database (PGlite in memory) first: seconds, more on a loaded machine.
  test.setTimeout(120_000);
  stack = await startFeedStack();
});
test.afterAll(async () => {
  await stack?.close();
});

const feedField = (page: Page) => page.getByLabel(feedFinderCopy.label);
// The finder's labels are typed here: app/plans/finder/plan-finder.ts reaches the site's configuration
// (through the billing rules), which only Vite can load, not Playwright's test loader.
const episodesSelect = (page: Page) => page.getByLabel("Episodes you publish a month");
const chart = (page: Page) =>
  page.getByRole("figure", { name: /Episodes a month, last 12 months/ });

test("a weekly show's feed fills in the finder, charts its months and prices them", async ({
  page,
  gotoHydrated,
}) => {
  await gotoHydrated(`${stack.origin}/pricing`);
  await expect(page.getByText(feedFinderCopy.privacy)).toBeVisible();
  await feedField(page).fill(fixtureUrl("/weekly.xml"));
  await page.getByRole("button", { name: feedFinderCopy.submit }).click();

  await expect(
    page.getByText(feedFinderCopy.filled(4, "counted over the last 12 months")),
  ).toBeVisible();
  await expect(episodesSelect(page)).toHaveValue("4");
  await expect(chart(page)).toBeVisible();
  const table = page.getByRole("table", { name: /Episodes a month, last 12 months/ });
  await expect(table.getByRole("row")).toHaveCount(13);

  // The recommendation for the average and the busiest month, with the cost per episode.
  await expect(
    page.getByText(
      /^For an average month \(about 4 episodes\): Pro, \$149 a month, \$3\d\.\d\d per episode at that pace\.$/,
    ),
  ).toBeVisible();
  await expect(
    page.getByText(
      "For your busiest month (5 episodes): Expert, $299 a month, $59.80 per episode at that pace.",
    ),
  ).toBeVisible();
  // The finder itself now recommends for the filled-in episodes, with what a fifth one costs in
  // the billing rules' words (billing-rules.ts), which the feed's result does not repeat.
  const costNote = page.getByText(/^\$37\.25 per episode at \$149 a month\. /);
  await expect(costNote).toBeVisible();
  await expect(costNote).toContainText(
    "On Pro, a fifth episode in a month means moving up to Expert",
  );
  expect(stack.fixtures.requests).toContain("/weekly.xml");

  await expectNoAxeViolations(page, "feed result");
});

/** Reads `path` in the feed field; answers the field's own live region (the FAQ has one too). */
async function readFeed(page: Page, path: string) {
  await feedField(page).fill(fixtureUrl(path));
  await page.getByRole("button", { name: feedFinderCopy.submit }).click();
  return page
    .locator("form")
    .filter({ has: feedField(page) })
    .getByRole("status");
}

test("says what the figure was counted from: since the first episode, or the latest page", async ({
  page,
  gotoHydrated,
}) => {
  await gotoHydrated(`${stack.origin}/pricing`);
  // A show ten weeks old is paced since its first episode, not over 12 months.
  const status = await readFeed(page, "/young.xml");
  await expect(status).toContainText(
    /Filled in [45] episodes a month from your feed, counted since your first episode, on \w+ \d+, \d{4}\./,
  );
  await expect(
    page.getByText(/has published 4\.\d episodes a month on average since its first episode on/),
  ).toBeVisible();

  await readFeed(page, "/paged.xml");
  await expect(status).toContainText("counted from the latest 4 episodes your feed lists");
});

test("asks the visitor to check a figure from a half-dated feed", async ({
  page,
  gotoHydrated,
}) => {
  await gotoHydrated(`${stack.origin}/pricing`);
  const status = await readFeed(page, "/half-dated.xml");
  await expect(status).toContainText(
    "Only 60 of the 120 episodes in your feed carry a date we could read, so the figures come from those. Please check them against what you publish.",
  );
  await expectNoAxeViolations(page, "feed check warning");
});

test("says why two episodes give no rate, and never shows a 0-minute episode", async ({
  page,
  gotoHydrated,
}) => {
  await gotoHydrated(`${stack.origin}/pricing`);
  await episodesSelect(page).selectOption("7");
  const status = await readFeed(page, "/two.xml");
  await expect(status).toContainText(
    "Your feed lists only two episodes, too few to tell how often you publish.",
  );
  await expect(status).toContainText(feedFinderCopy.fallback);
  await expect(episodesSelect(page)).toHaveValue("7");

  await readFeed(page, "/zero-duration.xml");
  await expect(status).toContainText("counted over the last 12 months");
  await expect(page.getByText(/A typical episode runs/)).toHaveCount(0);
});

test("works from the keyboard, and every error leaves the manual finder working", async ({
  page,
  gotoHydrated,
}) => {
  await gotoHydrated(`${stack.origin}/pricing`);
  await feedField(page).focus();
  await page.keyboard.type("my podcast");
  await page.keyboard.press("Enter");
  const notAUrl = page.getByText(/That isn't a web address/);
  await expect(notAUrl).toBeVisible();
  await expect(feedField(page)).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page, "feed error");

  await feedField(page).fill("http://127.0.0.1/feed.xml");
  await page.keyboard.press("Enter");
  await expect(page.getByText(/We couldn't reach a feed at that address/)).toBeVisible();

  await feedField(page).fill(fixtureUrl("/show.html"));
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: feedFinderCopy.submit })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText(/doesn't serve a podcast RSS feed/)).toBeVisible();
  await expect(page.getByText(feedFinderCopy.fallback).first()).toBeVisible();

  await episodesSelect(page).selectOption("6");
  await expect(
    page.getByText(/Expert is the cheapest plan that covers 6 episodes a month/),
  ).toBeVisible();
});

test("without JavaScript the field is not shown and the static finder is", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${stack.origin}/pricing`);
  await expect(page.getByText("Which plan for how many episodes")).toBeVisible();
  await expect(feedField(page)).toBeHidden();
  await context.close();
});
