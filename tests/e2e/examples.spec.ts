import { readFileSync } from "node:fs";
import { PDFDocument } from "pdf-lib";
import { pngSize } from "../../app/content/png-size.ts";
import { parse } from "yaml";
import {
  expectFakeStripeCheckout,
  startCheckoutStack,
  testPrices,
  type CheckoutStack,
} from "./checkout-stack";
import { parseSrt, parseVtt } from "./subtitle-formats";
import { expectNoAxeViolations } from "./axe";
import { expect, test, type Page } from "./test";

const slug = "open-kitchen-hours";
const kitUrl = `/examples/${slug}`;
const kit = parse(readFileSync(`content/examples/${slug}.yaml`, "utf8")) as {
  xThread: string[];
  carousel: { title: string; body: string }[];
  subtitles: { cues: { start: number; end: number; text: string }[] };
};
const panelIds = [
  "transcript",
  "summary",
  "show-notes",
  "key-points",
  "x-thread",
  "linkedin-post",
  "instagram",
  "carousel",
  "video-captions",
  "subtitles",
  "template",
];

const tab = (page: Page, name: string) => page.getByRole("tab", { name, exact: true });
const panel = (page: Page, id: string) => page.locator(`[id="${id}"]`);

test.describe("the example explorer's tabs", () => {
  test("follow the WAI-ARIA pattern by keyboard alone", async ({ page, gotoHydrated }) => {
    await gotoHydrated(kitUrl);
    const tablist = page.getByRole("tablist");
    await expect(tablist.getByRole("tab")).toHaveCount(panelIds.length);
    const first = tab(page, "Transcript");
    await expect(first).toHaveAttribute("aria-selected", "true");
    await expect(first).toHaveAttribute("aria-controls", "transcript");
    await expect(panel(page, "transcript")).toHaveAttribute("role", "tabpanel");
    await expect(panel(page, "transcript")).toHaveAttribute("aria-labelledby", "transcript-tab");

    // Only the selected tab is in the Tab order (roving tabindex).
    await first.focus();
    await expect(tablist.locator('[tabindex="0"]')).toHaveCount(1);

    await page.keyboard.press("ArrowRight");
    const summary = tab(page, "Summary");
    await expect(summary).toBeFocused();
    await expect(summary).toHaveAttribute("aria-selected", "true");
    await expect(first).toHaveAttribute("aria-selected", "false");
    await expect(first).toHaveAttribute("tabindex", "-1");
    await expect(panel(page, "summary")).toBeVisible();
    await expect(panel(page, "transcript")).toBeHidden();
    await expect(page).toHaveURL(/#summary$/);

    await page.keyboard.press("End");
    await expect(tab(page, "Content template")).toBeFocused();
    await expect(panel(page, "template")).toBeVisible();
    await page.keyboard.press("ArrowRight");
    await expect(first).toBeFocused();
    await page.keyboard.press("ArrowLeft");
    await expect(tab(page, "Content template")).toBeFocused();
    await page.keyboard.press("Home");
    await expect(first).toBeFocused();
    await expect(panel(page, "transcript")).toBeVisible();

    // Tab leaves the tab list for the open panel.
    await page.keyboard.press("Tab");
    await expect(panel(page, "transcript")).toBeFocused();
  });

  test("a fragment opens its panel, on load and on hashchange", async ({ page, gotoHydrated }) => {
    await gotoHydrated(`${kitUrl}#x-thread`);
    await expect(tab(page, "X thread")).toHaveAttribute("aria-selected", "true");
    await expect(panel(page, "x-thread")).toBeVisible();
    await expect(panel(page, "transcript")).toBeHidden();
    await page.evaluate(() => (window.location.hash = "#carousel"));
    await expect(tab(page, "Carousel")).toHaveAttribute("aria-selected", "true");
    await expect(panel(page, "carousel")).toBeVisible();
    await expect(panel(page, "x-thread")).toBeHidden();
  });

  test("a click on a tab before the scripts run still opens its panel", async ({ context }) => {
    // The page's scripts never arrive: it stays as prerendered, as on a slow phone. (A page of
    // its own: the `page` fixture would wait for a hydration that never comes.)
    const page = await context.newPage();
    await page.route("**/assets/*.js", (route) => route.abort());
    await page.goto(kitUrl, { waitUntil: "domcontentloaded" });
    await expect(panel(page, "transcript")).toBeVisible();
    await expect(panel(page, "x-thread")).toBeHidden();
    await page.getByRole("link", { name: "X thread", exact: true }).click();
    await expect(page).toHaveURL(/#x-thread$/);
    await expect(panel(page, "x-thread")).toBeVisible();
    await expect(panel(page, "transcript")).toBeHidden();
  });

  test("each asset names the plans that include it, read from the plan table", async ({
    page,
    gotoHydrated,
  }) => {
    await gotoHydrated(`${kitUrl}#x-thread`);
    await expect(panel(page, "x-thread")).toContainText(
      "Included in Pro (1 per episode), Expert (unlimited per episode) and Agency (unlimited per episode).",
    );
    await tab(page, "Transcript").click();
    await expect(panel(page, "transcript")).toContainText("Included in every plan.");
    await expect(
      panel(page, "transcript").getByRole("button", { name: "Start with Starter, $79/month" }),
    ).toBeVisible();
  });
});

test.describe("copying", () => {
  test("a post of the thread, confirmed by a toast", async ({
    page,
    context,
    baseURL,
    gotoHydrated,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    await gotoHydrated(`${kitUrl}#x-thread`);
    await page.getByRole("button", { name: "Copy post 2 of 7" }).click();
    await expect(page.getByText("You copied post 2 of 7.")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(kit.xThread[1]!.trim());
    // The text copied is the text shown.
    expect(await page.locator("#x-thread-post-2").innerText()).toBe(kit.xThread[1]!.trim());
  });

  test("where the clipboard is refused, the text is selected and the toast says so", async ({
    page,
    gotoHydrated,
  }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, "clipboard", {
        value: { writeText: () => Promise.reject(new DOMException("Denied", "NotAllowedError")) },
      });
    });
    await gotoHydrated(`${kitUrl}#summary`);
    await page.getByRole("button", { name: "Copy the summary" }).click();
    await expect(page.getByText("The text is selected")).toBeVisible();
    await expect(page.getByText(/Press Ctrl\+C/)).toBeVisible();
    const selected = await page.evaluate(() => window.getSelection()?.toString() ?? "");
    expect(selected.trim()).toBe(await page.locator("#summary-text").innerText());
  });
});

test.describe("downloads", () => {
  test("transcript, subtitles and PDF are saved with their names and parse", async ({
    page,
    gotoHydrated,
  }) => {
    const save = async (panelId: string, name: RegExp) => {
      // A fresh load for each file: Chromium holds back a page's later downloads otherwise.
      await gotoHydrated(`${kitUrl}#${panelId}`);
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        panel(page, panelId).getByRole("link", { name }).click(),
      ]);
      return { name: download.suggestedFilename(), body: readFileSync((await download.path())!) };
    };

    const transcript = await save("transcript", /Download transcript/);
    expect(transcript.name).toBe(`${slug}-transcript.txt`);
    expect(transcript.body.toString("utf8")).toMatch(/^\[00:00:04\] Priya Lindqvist: Welcome/m);

    const srt = await save("subtitles", /Download SubRip/);
    expect(srt.name).toBe(`${slug}-clip.srt`);
    const srtCues = parseSrt(srt.body.toString("utf8"));
    expect(srtCues.map((cue) => cue.text)).toEqual(kit.subtitles.cues.map((cue) => cue.text));
    expect(srtCues.at(-1)!.end).toBeLessThanOrEqual(30);

    const vtt = await save("subtitles", /Download WebVTT/);
    expect(vtt.name).toBe(`${slug}-clip.vtt`);
    const vttCues = parseVtt(vtt.body.toString("utf8"));
    expect(vttCues).toEqual(srtCues);

    const pdf = await save("carousel", /Download carousel/);
    expect(pdf.name).toBe(`${slug}-carousel.pdf`);
    const document = await PDFDocument.load(pdf.body);
    expect(document.getPageCount()).toBe(kit.carousel.length);

    const png = await save("carousel", /Slide 3 of 7/);
    expect(png.name).toBe(`${slug}-slide-3.png`);
    expect(pngSize(png.body)).toEqual({ width: 1080, height: 1350 });
  });
});

test("carousel images have their slide's text as alternative text", async ({
  page,
  gotoHydrated,
}) => {
  await gotoHydrated(`${kitUrl}#carousel`);
  const images = panel(page, "carousel").getByRole("img");
  await expect(images).toHaveCount(kit.carousel.length);
  for (const [index, slide] of kit.carousel.entries()) {
    await expect(images.nth(index)).toHaveAttribute("alt", `${slide.title}. ${slide.body}`);
  }
});

test("the show notes are the template filled, and the transcript says what it holds", async ({
  page,
  gotoHydrated,
}) => {
  await gotoHydrated(`${kitUrl}#show-notes`);
  const notes = panel(page, "show-notes").locator("#show-notes-text");
  for (const section of ["## In this episode", "## Chapters", "## About the guest", "## Links"]) {
    await expect(notes).toContainText(section);
  }
  await expect(notes).toContainText("https://crumbandcompass.example");
  await expect(notes).not.toContainText("{{");
  // Filled from the content template, so offered on the plans that include templates.
  await expect(panel(page, "show-notes")).toContainText("Included in Pro, Expert and Agency.");
  await tab(page, "Transcript").click();
  await expect(panel(page, "transcript")).toContainText("Full transcript of the episode (7 min).");

  // The solo kit's transcript leaves minutes out and says so where it does.
  await gotoHydrated("/examples/the-slow-build");
  await expect(panel(page, "transcript")).toContainText(
    "Transcript excerpt of the episode (24 min): about 1,000 of its roughly 3,600 spoken words",
  );
  await expect(panel(page, "transcript")).toContainText("it goes back in the folder. […]");
});

test.describe("checkout from an asset", () => {
  let stack: CheckoutStack;
  test.beforeAll(async () => {
    stack = await startCheckoutStack();
  });
  test.afterAll(async () => {
    await stack?.close();
  });

  test("the X thread's plan button starts Pro's checkout (fake Stripe)", async ({
    page,
    gotoHydrated,
  }) => {
    stack.fake.reset();
    await gotoHydrated(`${stack.origin}${kitUrl}#x-thread`);
    await panel(page, "x-thread")
      .getByRole("button", { name: "Start with Pro, $149/month" })
      .click();
    await expectFakeStripeCheckout(page);
    expect([...stack.fake.sessions.values()].map((s) => s.priceId)).toEqual([testPrices.price_pro]);
  });
});

test("without JavaScript every panel is shown in order under its own heading", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(kitUrl);
  await expect(page.getByRole("tab")).toHaveCount(0);
  const headings = page.locator("[data-asset-panel] > h2");
  await expect(headings).toHaveCount(panelIds.length);
  for (const [index, id] of panelIds.entries()) {
    await expect(panel(page, id)).toBeVisible();
    await expect(headings.nth(index)).toHaveAttribute("id", `${id}-heading`);
  }
  await expect(page.getByText(kit.xThread[6]!.trim().split("\n")[0]!)).toBeVisible();
  // Nothing that needs a script is offered; the downloads are plain links.
  await expect(page.getByRole("button", { name: /^Copy/ })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Download carousel (.pdf)" })).toBeVisible();
  // The home page's section reads without JavaScript too, and leads to the explorer.
  await page.goto("/");
  const section = page.getByRole("region", { name: "What one episode becomes" });
  await expect(section.getByText(kit.xThread[0]!.trim().split("\n")[0]!)).toBeVisible();
  await expect(section.getByRole("img")).toHaveAttribute("alt", /^It was making sixty cents/);
  await section.getByRole("link", { name: "Explore the full kit" }).click();
  await expect(page).toHaveURL(new RegExp(`${kitUrl}$`));
  await context.close();
});

// a11y.spec.ts covers 375 and 1280 px on every route; the explorer also at 412 px (a large
// phone), with its panels as a visitor leaves them: one opened from its fragment.
test.describe("axe at 412 px", () => {
  test.use({ viewport: { width: 412, height: 823 } });
  for (const path of [
    "/examples",
    kitUrl,
    `${kitUrl}#carousel`,
    "/examples/the-slow-build#subtitles",
  ]) {
    test(path, async ({ page, gotoHydrated }) => {
      await gotoHydrated(path);
      await page.waitForLoadState("networkidle");
      await expectNoAxeViolations(page, path);
    });
  }
});

test("/examples reads without JavaScript and leads to both kits", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/examples");
  await expect(page.getByRole("heading", { level: 1, name: "Examples" })).toBeVisible();
  for (const title of ["Pricing the loaf", "Building in public without burning out"]) {
    await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
  }
  await page
    .getByRole("link", {
      name: "Explore the kit: Building in public without burning out",
      exact: true,
    })
    .click();
  await expect(page).toHaveURL(/\/examples\/the-slow-build$/);
  await expect(page.locator('[id="x-thread"]')).toBeVisible();
  await context.close();
});
