import { expect, test } from "./test";

const requiredLinks = [
  "/",
  "/features",
  "/pricing",
  "/blog",
  "/about",
  "/testimonials",
  "/tools",
  "/help",
  "/contact",
  "/terms",
  "/privacy",
  "/cookies",
];

test.describe("header and footer", () => {
  test("header nav has the five links and footer + header reach every page", async ({
    page,
    gotoHydrated,
  }) => {
    await gotoHydrated("/");
    const mainNav = page.getByRole("navigation", { name: "Main" });
    await expect(mainNav.getByRole("link")).toHaveText([
      "Home",
      "Features",
      "Pricing",
      "Blog",
      "About",
    ]);
    const hrefs = await page
      .locator("header a[href], footer a[href]")
      .evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    for (const path of requiredLinks) expect(hrefs).toContain(path);
  });

  test("Sign up opens the sign-up form in a new tab, safely", async ({ page, gotoHydrated }) => {
    await gotoHydrated("/");
    const signUp = page.getByRole("banner").getByRole("link", { name: /Sign up/ });
    await expect(signUp).toHaveAttribute("target", "_blank");
    await expect(signUp).toHaveAttribute("rel", "noopener noreferrer");
    await expect(signUp).toHaveAccessibleName("Sign up (opens in a new tab)");
    const [popup] = await Promise.all([page.waitForEvent("popup"), signUp.click()]);
    // The default sign-up URL is the contact page (VITE_SIGNUP_URL, README).
    await expect(popup).toHaveURL(/\/contact$/);
    await popup.close();
  });

  test("nav links navigate on the client, move focus to the new heading and scroll to top", async ({
    page,
    gotoHydrated,
  }) => {
    await gotoHydrated("/");
    await page.mouse.wheel(0, 2000);
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Pricing" })
      .click();
    await expect(page).toHaveURL(/\/pricing$/);
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toHaveText("Pricing");
    await expect(heading).toBeFocused();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("footer links reach their pages", async ({ page, gotoHydrated }) => {
    await gotoHydrated("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Cookie Policy" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cookie Policy");
    await expect(page.getByText("Last updated April 18, 2025")).toBeVisible();
  });

  test("the skip link jumps to the main content", async ({ page, gotoHydrated }) => {
    await gotoHydrated("/about");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/#main$/);
  });
});

test.describe("mobile menu at 375 px", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("opens, closes by toggle, by Escape (focus back on the toggle) and on navigation", async ({
    page,
    gotoHydrated,
  }) => {
    await gotoHydrated("/");
    const toggle = page.getByRole("button", { name: "Open menu" });
    const menu = page.locator("#mobile-menu");
    await expect(toggle).toHaveAttribute("aria-controls", "mobile-menu");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(menu).toBeHidden();

    await toggle.click();
    await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute(
      "aria-expanded",
      "true",
    );
    await expect(menu.getByRole("link", { name: "Features" })).toBeVisible();
    await page.getByRole("button", { name: "Close menu" }).click();
    await expect(menu).toBeHidden();

    await page.getByRole("button", { name: "Open menu" }).click();
    await menu.getByRole("link", { name: "Features" }).focus();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();

    await page.getByRole("button", { name: "Open menu" }).click();
    await menu.getByRole("link", { name: "Blog" }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(menu).toBeHidden();
  });

  test("keeps focus inside the open menu", async ({ page, gotoHydrated }) => {
    await gotoHydrated("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const toggle = page.getByRole("button", { name: "Close menu" });
    await toggle.focus();
    await page.keyboard.press("Shift+Tab");
    await expect(page.locator("#mobile-menu").getByRole("link", { name: /Sign up/ })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(toggle).toBeFocused();
  });

  test("closes when the viewport grows to desktop", async ({ page, gotoHydrated }) => {
    await gotoHydrated("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.setViewportSize({ width: 1024, height: 740 });
    await page.setViewportSize({ width: 375, height: 740 });
    await expect(page.locator("#mobile-menu")).toBeHidden();
  });
});

test.describe("help center", () => {
  test("the accordion keeps one item open and can collapse it", async ({ page, gotoHydrated }) => {
    await gotoHydrated("/help");
    const formats = page.getByRole("button", { name: "Which audio formats can I upload?" });
    const accuracy = page.getByRole("button", { name: "How accurate are the transcripts?" });
    await expect(page.getByRole("button", { expanded: true })).toHaveCount(0);
    await formats.click();
    await expect(formats).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByText("You can upload MP3, WAV, AAC and M4A files.")).toBeVisible();
    await accuracy.click();
    await expect(accuracy).toHaveAttribute("aria-expanded", "true");
    await expect(formats).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByText("You can upload MP3, WAV, AAC and M4A files.")).toBeHidden();
    await accuracy.click();
    await expect(accuracy).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByRole("heading", { level: 3 })).toHaveCount(8);
  });

  test("the search box filters the questions as you type, down to a no-results state", async ({
    page,
    gotoHydrated,
  }) => {
    await gotoHydrated("/help");
    const search = page.getByPlaceholder("Search for answers...");
    await search.fill("refund");
    await expect(page.getByRole("heading", { level: 3 })).toHaveText([
      "Is there a money-back guarantee?",
    ]);
    await expect(page.getByRole("status")).toHaveText(/1 of 8 questions match/);
    await search.fill("xylophone");
    await expect(page.getByRole("heading", { level: 3 })).toHaveCount(0);
    await expect(page.getByText("No answers match your search.")).toBeVisible();
    await expect(
      page.getByRole("main").getByRole("link", { name: "support@castloop.com" }).first(),
    ).toHaveAttribute("href", "mailto:support@castloop.com");
    await search.fill("");
    await expect(page.getByRole("heading", { level: 3 })).toHaveCount(8);
  });

  test("every answer is readable without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/help");
    await expect(page.getByText("Transcription accuracy is 95%+ for clear audio.")).toBeVisible();
    await expect(
      page.getByText(/you keep access until the end of the billing period/),
    ).toBeVisible();
    await context.close();
  });
});

test.describe("not-found page", () => {
  test("shows 404, the explanation, Go Back and Return Home, and logs the path", async ({
    page,
    gotoHydrated,
  }) => {
    await gotoHydrated("/features");
    const logged: string[] = [];
    page.on("console", (message) => logged.push(message.text()));
    await gotoHydrated("/no-such-page");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("404: Page not found");
    await expect(
      page.getByText("We're sorry, the page you requested could not be found."),
    ).toBeVisible();
    await expect.poll(() => logged.join("\n")).toContain("/no-such-page");

    await page.getByRole("button", { name: "Go Back" }).click();
    await expect(page).toHaveURL(/\/features$/);
    await gotoHydrated("/blog/no-such-post");
    await page.getByRole("link", { name: "Return Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "One episode in. A week of content out.",
    );
  });
});
