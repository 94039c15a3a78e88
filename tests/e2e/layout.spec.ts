import { expect, exposedExpanded, test, type Locator, type Page } from "./test";

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
  "/accessibility",
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

  // ADR 009: every link loads a document, so a page that ships no script never renders in
  // another page's client router; the browser starts it at the top, focus at its start.
  test("nav links load the next page as a document, at the top, marked as current", async ({
    page,
    gotoHydrated,
  }) => {
    await gotoHydrated("/");
    await page.evaluate(() => ((window as unknown as { before: boolean }).before = true));
    await page.mouse.wheel(0, 2000);
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "About" })
      .click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("About Castloop");
    expect(await page.evaluate(() => "before" in window)).toBe(false);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expect(
      page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About" }),
    ).toHaveAttribute("aria-current", "page");
  });

  test("footer links reach their pages", async ({ page, gotoHydrated }) => {
    await gotoHydrated("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Cookie Policy" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cookie Policy");
    await expect(page.getByText("Last updated April 18, 2025")).toBeVisible();
  });

  // The HTML may arrive and paint in pieces, the footer's first rows before the rest: a footer
  // pinned to the screen's bottom moves up when the rest arrives, on any page that is shorter
  // than the screen while it arrives. The canvas below such a page takes the footer's colour.
  for (const path of ["/cancel", "/success"]) {
    test(`on ${path} at 1920 px the footer starts where the page ends, whatever its height`, async ({
      page,
      gotoHydrated,
    }) => {
      await page.setViewportSize({ width: 1920, height: 1400 });
      await gotoHydrated(path);
      const footer = page.getByRole("contentinfo");
      // The screen the shift happened on: taller than the page with the footer's first rows,
      // shorter than the whole page. Measured on a hidden copy, so it holds whatever the copy.
      const screen = await footer.evaluate((element) => {
        const copy = element.cloneNode(true) as HTMLElement;
        Object.assign(copy.style, {
          position: "absolute",
          visibility: "hidden",
          width: `${element.getBoundingClientRect().width}px`,
        });
        document.body.append(copy);
        for (let node: Element | null = copy.querySelector("a"); node !== copy;) {
          while (node?.nextElementSibling) node.nextElementSibling.remove();
          node = node?.parentElement ?? copy;
        }
        const partial = copy.getBoundingClientRect().height;
        copy.remove();
        const contentEnd =
          Math.max(
            ...[...document.querySelector("main")!.children].map(
              (child) => child.getBoundingClientRect().bottom,
            ),
          ) + window.scrollY;
        const pageEnd = document.documentElement.scrollHeight;
        return Math.round((contentEnd + partial + pageEnd) / 2);
      });
      await page.setViewportSize({ width: 1920, height: screen });
      const layout = await footer.evaluate((element) => {
        const top = () => element.getBoundingClientRect().top;
        const full = top();
        const mainEnd = document.querySelector("main")!.getBoundingClientRect().bottom;
        const color = (node: Element) => getComputedStyle(node).backgroundColor;
        const colors = {
          canvas: color(document.documentElement),
          body: color(document.body),
          footer: color(element),
        };
        // The footer as it stands while the HTML has arrived up to its logo: every node after
        // the logo's link, in document order, is not there yet.
        const height = element.getBoundingClientRect().height;
        for (let node: Element | null = element.querySelector("a"); node !== element;) {
          while (node?.nextElementSibling) node.nextElementSibling.remove();
          node = node?.parentElement ?? element;
        }
        return {
          full,
          partial: top(),
          shrunk: height - element.getBoundingClientRect().height,
          mainEnd,
          // Where the page would end with the part of the footer there is, right below main's
          // content: above the screen's bottom, so a pinned footer would sit lower.
          partialEnd:
            Math.max(
              ...[...document.querySelector("main")!.children].map(
                (child) => child.getBoundingClientRect().bottom,
              ),
            ) + element.getBoundingClientRect().height,
          viewport: window.innerHeight,
          colors,
        };
      });
      expect(layout.shrunk, "the test shortened the footer").toBeGreaterThan(0);
      expect(layout.partialEnd, "the page with part of its footer").toBeLessThan(layout.viewport);
      expect(layout.partial, "the footer's top, with only part of it").toBe(layout.full);
      expect(layout.full, "the footer's top is the end of main").toBe(layout.mainEnd);
      expect(layout.colors.canvas, "the canvas below the page").toBe(layout.colors.footer);
      expect(layout.colors.body, "the page itself").toBe("rgb(255, 255, 255)");
    });
  }

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

  test("opens, closes by toggle, by Escape (focus back on the toggle), by a tap outside and on navigation", async ({
    page,
    gotoHydrated,
  }) => {
    await gotoHydrated("/");
    const toggle = page.getByRole("button", { name: "Menu" });
    const menu = page.locator("#mobile-menu");
    await expect(toggle).toHaveAttribute("aria-controls", "mobile-menu");
    expect(await exposedExpanded(page, "Menu")).toBe(false);
    await expect(menu).toBeHidden();

    await toggle.click();
    expect(await exposedExpanded(page, "Menu")).toBe(true);
    await expect(menu.getByRole("link", { name: "Features" })).toBeVisible();
    await toggle.click();
    await expect(menu).toBeHidden();

    await toggle.click();
    await menu.getByRole("link", { name: "Features" }).focus();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(toggle).toBeFocused();

    await toggle.click();
    await page.mouse.click(187, 700);
    await expect(menu).toBeHidden();

    await toggle.click();
    await menu.getByRole("link", { name: "Blog" }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(menu).toBeHidden();
  });

  test("Tab goes from the open toggle through the menu's links in order", async ({
    page,
    gotoHydrated,
  }) => {
    await gotoHydrated("/");
    const toggle = page.getByRole("button", { name: "Menu" });
    await toggle.click();
    await toggle.focus();
    const links = page.locator("#mobile-menu").getByRole("link");
    await expect(links).toHaveCount(6);
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press("Tab");
      await expect(links.nth(i)).toBeFocused();
    }
  });

  test("is never shown at the desktop breakpoint", async ({ page, gotoHydrated }) => {
    await gotoHydrated("/");
    await page.getByRole("button", { name: "Menu" }).click();
    await expect(page.locator("#mobile-menu")).toBeVisible();
    await page.setViewportSize({ width: 1024, height: 740 });
    await expect(page.locator("#mobile-menu")).toBeHidden();
    await expect(page.getByRole("button", { name: "Menu" })).toBeHidden();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, hasTouch: true, viewport: { width: 375, height: 740 } });

  for (const path of ["/blog/podcast-seo", "/pricing"]) {
    test(`the mobile menu opens on a tap and closes on Escape on ${path}`, async ({ page }) => {
      await page.goto(path);
      const menu = page.locator("#mobile-menu");
      await page.getByRole("button", { name: "Menu" }).tap();
      await expect(menu.getByRole("link", { name: "Pricing" })).toBeVisible();
      expect(await exposedExpanded(page, "Menu")).toBe(true);
      await page.keyboard.press("Escape");
      await expect(menu).toBeHidden();
    });
  }

  test("the Help Center opens one answer, then another, closing the first", async ({ page }) => {
    await page.goto("/help");
    await opensOneAnswerAtATime(page, (summary) => summary.tap());
  });
});

/** A Help Center question: its `<details>`, found by the question. */
function faqItem(page: Page, question: string) {
  return page.locator("details").filter({ has: page.locator("summary", { hasText: question }) });
}

/**
 * Opens one Help Center answer, then another with `press`, and checks the first closed (one
 * `<details name>` group); returns the second question, still open.
 */
async function opensOneAnswerAtATime(page: Page, press: (summary: Locator) => Promise<void>) {
  const formats = faqItem(page, "Which audio formats can I upload?");
  const accuracy = faqItem(page, "How accurate are the transcripts?");
  const formatsAnswer = page.getByText("You can upload MP3, WAV, AAC and M4A files.");
  await press(formats.locator("summary"));
  await expect(formats).toHaveAttribute("open", "");
  await expect(formatsAnswer).toBeVisible();
  await press(accuracy.locator("summary"));
  await expect(accuracy).toHaveAttribute("open", "");
  await expect(formats).not.toHaveAttribute("open");
  await expect(formatsAnswer).toBeHidden();
  return accuracy;
}

test.describe("help center", () => {
  test("the accordion keeps one item open and can collapse it", async ({ page, gotoHydrated }) => {
    await gotoHydrated("/help");
    await expect(page.locator("details[open]")).toHaveCount(0);
    const accuracy = await opensOneAnswerAtATime(page, (summary) => summary.click());
    await accuracy.locator("summary").click();
    await expect(accuracy).not.toHaveAttribute("open");
    await expect(page.locator("main summary")).toHaveCount(8);
  });

  test("the search box filters the questions as you type, down to a no-results state", async ({
    page,
    gotoHydrated,
  }) => {
    await gotoHydrated("/help");
    const search = page.getByPlaceholder("Search for answers...");
    await search.fill("guarantee not right");
    await expect(page.locator("main summary")).toHaveText(["Is there a money-back guarantee?"]);
    await expect(page.getByRole("status")).toHaveText(/1 of 8 questions match/);
    await search.fill("refund");
    await expect(page.locator("main summary")).toHaveText([
      "Is there a money-back guarantee?",
      "Can I cancel my subscription at any time?",
    ]);
    await search.fill("xylophone");
    await expect(page.locator("main summary")).toHaveCount(0);
    await expect(page.getByText("No answers match your search.")).toBeVisible();
    await expect(
      page.getByRole("main").getByRole("link", { name: "support@castloop.com" }).first(),
    ).toHaveAttribute("href", "mailto:support@castloop.com");
    await search.fill("");
    await expect(page.locator("main summary")).toHaveCount(8);
  });

  // The answers sit in closed <details>: in the page for search engines, reader modes and
  // find-in-page (which opens the match), and one tap away (the test above).
  test("every answer is in the page without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/help");
    const accuracy = page.getByText("Transcription accuracy is 95%+ for clear audio.");
    await expect(accuracy).toBeAttached();
    await expect(
      page.getByText(/you keep access until the end of the billing period/),
    ).toBeAttached();
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
    await expect.poll(() => logged.join("\n")).toContain("404: no page at /no-such-page");

    // Go Back steps back in history, to the page the visitor came from, not home.
    await page.getByRole("link", { name: "Go Back" }).click();
    await expect(page).toHaveURL(/\/features$/);
    await gotoHydrated("/blog/no-such-post");
    await page.getByRole("link", { name: "Return Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "One episode in. A week of content out.",
    );
  });

  test("Go Back leads home from a tab with nothing to go back to", async ({ page }) => {
    await page.goto("/features");
    // A tab opened on the page itself has one history entry (a test's own page starts on about:blank).
    const [tab] = await Promise.all([
      page.waitForEvent("popup"),
      page.evaluate(() => window.open("/no-such-page")),
    ]);
    await tab.waitForLoadState();
    expect(await tab.evaluate(() => history.length)).toBe(1);
    await tab.getByRole("link", { name: "Go Back" }).click();
    await expect(tab).toHaveURL(/^[^?#]+:\/\/[^/]+\/$/);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("Go Back is a link home", async ({ page }) => {
      await page.goto("/features");
      await page.goto("/no-such-page");
      await page.getByRole("link", { name: "Go Back" }).click();
      await expect(page).toHaveURL(/^[^?#]+:\/\/[^/]+\/$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        "One episode in. A week of content out.",
      );
    });
  });
});
