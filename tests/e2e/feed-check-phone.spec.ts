import { expect, tabTo, test, type Locator, type Page } from "./test";
import { fixtureUrl, startFeedStack, type FeedStack } from "./feed-stack";

// The feed check-up on the narrowest phone (320 CSS pixels) and by keyboard alone, against the
// real function and the local fixture host that feed-check.spec.ts uses.

let stack: FeedStack;
test.beforeAll(async () => {
  // The stack opens its database (PGlite in memory) first: seconds, more on a loaded machine.
  test.setTimeout(120_000);
  stack = await startFeedStack();
});
test.afterAll(async () => {
  await stack?.close();
});

test.use({ viewport: { width: 320, height: 640 } });

const feedField = (page: Page) => page.getByLabel("Your podcast's RSS feed URL");

/** Nothing wider than the screen: no sideways scroll on the page. */
async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    body: document.body.scrollWidth,
    screen: document.documentElement.clientWidth,
  }));
  expect(widths.page, "the page's width").toBeLessThanOrEqual(widths.screen);
  expect(widths.body, "the body's width").toBeLessThanOrEqual(widths.screen);
}

/** Every link, button and field of `area` lies inside the screen's width, so it can be reached. */
async function expectAllWithinWidth(page: Page, area: Locator) {
  const outside = await area.evaluate((root) =>
    [...root.querySelectorAll("a[href], button, input")].flatMap((el) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && (box.left < 0 || box.right > document.documentElement.clientWidth)
        ? [`${el.tagName} "${el.textContent?.trim().slice(0, 40)}" at ${box.left}–${box.right}`]
        : [];
    }),
  );
  expect(outside, "controls past the screen's edge").toEqual([]);
}

/** The focused element shows the site's focus ring. */
async function expectFocusRing(target: Locator) {
  await expect(target).toBeFocused();
  const ring = await target.evaluate((el) => {
    const style = getComputedStyle(el);
    return {
      focusVisible: el.matches(":focus-visible"),
      outline: style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2,
    };
  });
  expect(ring).toEqual({ focusVisible: true, outline: true });
}

test("at 320 px the page and a report fit the screen, every control within reach", async ({
  page,
  gotoHydrated,
}) => {
  await gotoHydrated(`${stack.origin}/feed-check`);
  await expectNoSidewaysScroll(page);
  await expectAllWithinWidth(page, page.locator("main"));
  // The field and the button stack on a phone; scrolled to, each is whole on screen.
  for (const control of [feedField(page), page.getByRole("button", { name: "Check my feed" })]) {
    await control.scrollIntoViewIfNeeded();
    await expect(control).toBeInViewport({ ratio: 1 });
  }

  await feedField(page).fill(fixtureUrl("/checkup.xml"));
  await page.getByRole("button", { name: "Check my feed" }).click();
  const report = page.getByRole("region", { name: /^Report for/ });
  await expect(report.getByRole("heading", { name: "Summary" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAllWithinWidth(page, report);
  // The long feed address wraps instead of pushing the page wider.
  await expect(report.getByText(fixtureUrl("/checkup.xml"), { exact: true })).toBeVisible();
});

test("by keyboard alone: field, button, report links, focus always visible, result announced", async ({
  page,
  gotoHydrated,
}) => {
  await gotoHydrated(`${stack.origin}/feed-check`);
  // The live region is on the page, empty, before anything is checked, so screen readers
  // announce what is later written into it.
  const status = page.getByRole("status");
  await expect(status).toHaveText("");

  const field = feedField(page);
  await tabTo(page, field);
  await expectFocusRing(field);
  await page.keyboard.type(fixtureUrl("/checkup.xml"));
  const button = page.getByRole("button", { name: "Check my feed" });
  await page.keyboard.press("Tab");
  await expectFocusRing(button);
  await page.keyboard.press("Enter");

  await expect(status).toHaveText(/^Report ready: \d+ problems?\.$/);
  const heading = page.getByRole("heading", { level: 2, name: "Report for Checked Show" });
  await expect(heading).toBeFocused();

  // From the report's heading, Tab reaches the sample kit link, then each rule's source.
  const kit = page.getByRole("link", { name: "see one in a sample kit" });
  await tabTo(page, kit, 10);
  await expectFocusRing(kit);
  await expect(kit).toHaveAttribute("href", "/examples/open-kitchen-hours#transcript");
  const source = page
    .getByRole("region", { name: "Apple Podcasts" })
    .getByRole("link", { name: "Apple Podcasts requirements" })
    .first();
  await tabTo(page, source, 40);
  await expectFocusRing(source);
  await expect(source).toBeInViewport();
  await expect(source).toHaveAttribute("href", /^https:\/\/podcasters\.apple\.com\//);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("says the check reads the feed on our server and needs JavaScript for the report", async ({
    page,
  }) => {
    await page.goto(`${stack.origin}/feed-check`);
    const note = page.getByText(/^The feed check reads your feed on our server/);
    await expect(note).toBeVisible();
    await expect(note).toHaveText(
      "The feed check reads your feed on our server, and this page needs JavaScript to send it the address and draw the report. Turn JavaScript on for this site and reload the page to check your feed.",
    );
    await expect(page.getByText(/runs in your browser/)).toHaveCount(0);
    await expectNoSidewaysScroll(page);
  });
});
