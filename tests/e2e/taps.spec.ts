import { expect, test, type Locator, type Page } from "./test";
import { phoneContextOptions, throttleLikeAPhone } from "./throttled-phone";

// On a throttled phone, a tap made as soon as a control shows takes effect, even
// though the page has not hydrated yet (the early-input capture of ADR 007), or needs no
// hydration at all (ADR 009).
test.use(phoneContextOptions);
// Cold loads at 1.6 Mbit/s with a 4× slower CPU, on a shared machine.
test.setTimeout(60_000);

// A held tap takes effect only after its page's scripts, released, download at 1.6 Mbit/s and
// hydrate at a 4× slower CPU: the throttled phone's load, not the site being slow to react.
const effectTimeout = 20_000;

/**
 * Loads `path` on the throttled phone, holding the page's scripts until `release()`, so that a
 * tap lands before hydration however fast or busy the machine is; a tap after hydration would
 * pass on any loading and test nothing.
 */
async function openThrottled(page: Page, path: string): Promise<{ release: () => void }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/*.js", async (route) => {
    await released;
    await route.continue();
  });
  await throttleLikeAPhone(page);
  await page.goto(path, { waitUntil: "commit" });
  return { release };
}

/** Taps `control` as soon as it is visible, checks the page had not hydrated, then lets it. */
async function tapBeforeHydration(
  page: Page,
  control: Locator,
  { release }: { release: () => void },
): Promise<void> {
  await control.tap();
  const hydrated = await page.evaluate(() =>
    document.documentElement.hasAttribute("data-hydrated"),
  );
  expect(hydrated, "the tap landed after hydration, so it tests nothing").toBe(false);
  release();
}

// The menu and the FAQ are native (a popover, <details>): they work from the first paint, so
// a tap takes effect at once, with nothing held for hydration.
test("the mobile menu toggle opens the menu before hydration", async ({ page }) => {
  const loading = await openThrottled(page, "/");
  await tapBeforeHydration(page, page.getByRole("button", { name: "Menu" }), loading);
  await expect(page.locator("#mobile-menu")).toBeVisible();
});

test("on an article, which ships no script, the menu opens the moment it is visible", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  await throttleLikeAPhone(page);
  await page.goto("/blog/podcast-seo", { waitUntil: "commit" });
  await page.getByRole("button", { name: "Menu" }).tap();
  await expect(page.locator("#mobile-menu").getByRole("link", { name: "Pricing" })).toBeVisible();
  expect(scripts).toEqual([]);
});

test("Go Back on the not-found page, which ships no module, goes back the moment it is visible", async ({
  page,
}) => {
  await page.goto("/about");
  const modules: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") modules.push(request.url());
  });
  await throttleLikeAPhone(page);
  await page.goto("/no-such-page", { waitUntil: "commit" });
  await page.getByRole("link", { name: "Go Back" }).tap();
  await expect(page).toHaveURL(/\/about$/, { timeout: effectTimeout });
  expect(modules).toEqual([]);
});

test("the first FAQ question opens its answer before hydration", async ({ page }) => {
  const loading = await openThrottled(page, "/help");
  const question = page.locator("#main details").first();
  await tapBeforeHydration(page, question.locator("summary"), loading);
  await expect(question).toHaveAttribute("open", "");
  await expect(question.locator("summary + *")).toBeVisible();
});

test("a plan button posts its form to checkout before hydration", async ({ page }) => {
  const checkoutUrl = "/success?session_id=cs_test_taps";
  const posts: Array<string | null> = [];
  await page.route("**/functions/v1/create-checkout", async (route) => {
    posts.push(route.request().postData());
    await route.fulfill({
      status: 303,
      headers: { Location: new URL(checkoutUrl, page.url()).href },
    });
  });
  const loading = await openThrottled(page, "/pricing");
  const button = page
    .getByRole("article", { name: "Pro", exact: true })
    .getByRole("button", { name: "Subscribe to Pro" });
  await button.waitFor();
  // The page's scripts are held, so it cannot have hydrated: the post is the browser's own.
  expect(await page.evaluate(() => document.documentElement.hasAttribute("data-hydrated"))).toBe(
    false,
  );
  await button.tap();
  await expect(page).toHaveURL(/\/success\?session_id=cs_test_taps$/, { timeout: effectTimeout });
  loading.release();
  expect(posts).toEqual(["priceId=price_pro&isGuest=true&returnTo=%2Fpricing"]);
});

test("the help search filters the questions", async ({ page }) => {
  const loading = await openThrottled(page, "/help");
  const search = page.getByRole("searchbox", { name: "Search the Help Center" });
  await search.tap();
  await page.keyboard.type("refund");
  // Typed before hydration: React adopts the value without an onChange of its own.
  await tapBeforeHydration(page, search, loading);
  await expect(page.getByRole("status")).toHaveText(/^\d+ of \d+ questions match “refund”\.$/, {
    timeout: effectTimeout,
  });
  await expect(search).toHaveValue("refund");
});

// ADR 020: a page that hydrates paints like a static page, its modules requested only after.
for (const path of ["/pricing", "/contact"]) {
  test(`${path} requests no module before its first paint`, async ({ page }) => {
    await throttleLikeAPhone(page);
    await page.goto(path);
    await page
      .locator("html[data-hydrated]")
      .waitFor({ state: "attached", timeout: effectTimeout });
    const { paint, modules } = await page.evaluate(() => ({
      paint: performance.getEntriesByName("first-paint")[0]?.startTime ?? NaN,
      modules: performance
        .getEntriesByType("resource")
        .filter((entry) => entry.name.endsWith(".js"))
        .map((entry) => ({ name: entry.name, start: entry.startTime })),
    }));
    expect(Number.isFinite(paint)).toBe(true);
    expect(modules.length).toBeGreaterThan(0);
    for (const module of modules)
      expect.soft(module.start, module.name).toBeGreaterThanOrEqual(paint);
  });
}
