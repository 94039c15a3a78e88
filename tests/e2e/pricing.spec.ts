import { comparisonCopy, comparisonRows } from "../../app/plans/plan-comparison.ts";
import { checkoutTimeoutMs } from "../../supabase/functions/_shared/contract.ts";
import { plans } from "../../app/plans/plans.ts";
import { expect, tabTo, test, type Locator, type Page } from "./test";

const rows = comparisonRows(plans);
const planNames = plans.map((plan) => plan.name);
/** What a cell reads as: its text, or the screen-reader text beside a tick or a dash. */
const spoken = (value: string | boolean) =>
  typeof value === "string" ? value : value ? "Included" : "Not included";

type AxCell = { role: string; name: string };

/** The comparison table's rows as Chromium's accessibility tree has them (not the DOM). */
async function axTableRows(page: Page): Promise<AxCell[][]> {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = await cdp.send("Accessibility.getFullAXTree");
  type AxNode = (typeof nodes)[number];
  const byId = new Map(nodes.map((node) => [node.nodeId, node]));
  const role = (node: AxNode) => String(node.role?.value ?? "");
  const table = nodes.find(
    (node) => role(node) === "table" && node.name?.value === comparisonCopy.caption,
  );
  if (!table) throw new Error("no table named by its caption in the accessibility tree");
  const found: AxNode[] = [];
  const walk = (node: AxNode) => {
    for (const id of node.childIds ?? []) {
      const child = byId.get(id);
      if (!child) continue;
      if (role(child) === "row") found.push(child);
      else walk(child);
    }
  };
  walk(table);
  await cdp.detach();
  return found.map((row) =>
    (row.childIds ?? [])
      .map((id) => byId.get(id)!)
      .filter((cell) => !cell.ignored)
      .map((cell) => ({ role: role(cell), name: String(cell.name?.value ?? "").trim() })),
  );
}

test.describe("the comparison table", () => {
  test("reads to the accessibility tree as rows and columns, each cell under its headers", async ({
    page,
    gotoHydrated,
  }) => {
    await gotoHydrated("/pricing");
    const [head, ctas, ...body] = await axTableRows(page);
    // The plans are the column headers; the first column is the row headers.
    expect(head!.slice(1)).toEqual(planNames.map((name) => ({ role: "columnheader", name })));
    expect(ctas![0]).toEqual({ role: "rowheader", name: "Choose a plan" });
    expect(ctas!.slice(1).map((cell) => cell.role)).toEqual(planNames.map(() => "cell"));
    expect(body).toHaveLength(rows.length);
    body.forEach((cells, index) => {
      const row = rows[index]!;
      expect(cells[0]).toEqual({ role: "rowheader", name: `${row.name} ${row.description}` });
      expect(cells.slice(1)).toEqual(row.values.map((v) => ({ role: "cell", name: spoken(v) })));
    });

    // What a screen reader announces: the cell with its row and its column.
    const table = page.getByRole("table", { name: comparisonCopy.caption });
    await expect(table.locator("thead th")).toHaveCount(plans.length);
    for (const th of await table.locator("thead th").all())
      await expect(th).toHaveAttribute("scope", "col");
    for (const th of await table.locator("tbody th").all())
      await expect(th).toHaveAttribute("scope", "row");
    const proThreads = await table
      .getByRole("row", { name: /^X threads/ })
      .getByRole("cell")
      .nth(planNames.indexOf("Pro"))
      .evaluate((cell: HTMLTableCellElement) => {
        const table = cell.closest("table")!;
        const column = table.tHead!.rows[0]!.cells[cell.cellIndex]!.textContent;
        const row = cell.parentElement!.querySelector("th")!.firstChild!.textContent;
        return `${row} / ${column}: ${cell.textContent}`;
      });
    expect(proThreads).toBe("X threads / Pro: 1");
  });

  test("keeps the plan names in view while the rows scroll; each call to action carries its terms", async ({
    page,
    gotoHydrated,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await gotoHydrated("/pricing");
    const table = page.getByRole("table", { name: comparisonCopy.caption });
    const head = table.locator("thead");
    const names = head.locator("tr").first();
    const headerBottom = await page
      .getByRole("banner")
      .evaluate((el) => el.getBoundingClientRect().bottom);
    // The renewal terms beside each button are body-size text, so the row of buttons
    // scrolls with the page rather than covering the rows being read.
    for (const plan of plans) {
      const cta = table.getByRole(plan.price === "Custom" ? "link" : "button", {
        name: plan.ctaLabel,
      });
      if (plan.price !== "Custom") {
        await expect(cta).toHaveAccessibleDescription(
          new RegExp(
            `^\\$${plan.price} a month, taxes included, charged today and then every month until you cancel`,
          ),
        );
      }
    }
    for (const rowName of ["Carousel Images", "Caption Generation", "Managed Workflow"]) {
      const row = table.getByRole("row", { name: new RegExp(`^${rowName}`) });
      await row.evaluate((el) => el.scrollIntoView({ block: "center" }));
      const box = (await names.boundingBox())!;
      // Right under the site header, and above the row being read.
      expect(Math.abs(box.y - headerBottom)).toBeLessThanOrEqual(1);
      expect(box.y + box.height).toBeLessThanOrEqual((await row.boundingBox())!.y + 1);
      for (const plan of plans) {
        await expect(names.getByRole("columnheader", { name: plan.name })).toBeInViewport();
      }
    }
  });

  for (const javaScriptEnabled of [true, false]) {
    test(`at 320 px shows one plan's column at a time, without sideways scrolling (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
      browser,
    }) => {
      const context = await browser.newContext({
        viewport: { width: 320, height: 640 },
        javaScriptEnabled,
      });
      const page = await context.newPage();
      await page.goto("/pricing");
      if (javaScriptEnabled)
        await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      const table = page.getByRole("table", { name: comparisonCopy.caption });
      const picker = page.getByRole("group", { name: comparisonCopy.pickLegend });
      for (const [index, plan] of plans.entries()) {
        await picker.getByText(plan.name, { exact: true }).click();
        await expect(picker.getByRole("radio", { name: plan.name })).toBeChecked();
        await expect(table.getByRole("columnheader")).toHaveText([plan.name]);
        await expect(
          table
            .locator("tbody tr")
            .first()
            .getByRole(plan.price === "Custom" ? "link" : "button"),
        ).toHaveText([plan.ctaLabel]);
        for (const row of rows) {
          const cells = table
            .getByRole("row", { name: new RegExp(`^${row.name} `) })
            .getByRole("cell");
          await expect(cells, `${plan.name}: ${row.name}`).toHaveText([spoken(row.values[index]!)]);
        }
        const widths = await page.evaluate(() => ({
          page: document.documentElement.scrollWidth,
          viewport: document.documentElement.clientWidth,
          table: document.querySelector(".plan-compare table")!.getBoundingClientRect().right,
          scroller:
            document.querySelector(".plan-compare table")!.parentElement!.scrollWidth -
            document.querySelector(".plan-compare table")!.parentElement!.clientWidth,
        }));
        expect(widths.page, plan.name).toBeLessThanOrEqual(widths.viewport);
        expect(widths.table, plan.name).toBeLessThanOrEqual(widths.viewport);
        expect(widths.scroller, plan.name).toBe(0);
      }
      await context.close();
    });
  }
});

const finderOf = (page: Page) => page.getByRole("region", { name: "Find your plan" });

async function ask(finder: Locator, episodes: number, needs: string[] = []) {
  await finder.getByLabel("Episodes you publish a month").selectOption(String(episodes));
  for (const box of await finder.getByRole("checkbox").all()) await box.uncheck();
  for (const need of needs) await finder.getByRole("checkbox", { name: need }).check();
}

test.describe("the plan finder", () => {
  for (const { episodes, needs, plan } of [
    { episodes: 2, needs: [], plan: "Starter" },
    { episodes: 4, needs: ["X threads"], plan: "Pro" },
    { episodes: 5, needs: ["Content scheduling"], plan: "Expert" },
    { episodes: 10, needs: [], plan: "Agency" },
  ]) {
    test(`recommends ${plan} for ${episodes} episodes${needs.length ? ` with ${needs.join(", ")}` : ""}`, async ({
      page,
      gotoHydrated,
    }) => {
      await gotoHydrated("/pricing");
      const finder = finderOf(page);
      await ask(finder, episodes, needs);
      const result = finder.locator("[aria-live]");
      await expect(result).toContainText(new RegExp(`^${plan}`));
      await expect(result).toContainText(/cheapest plan|Only Agency/);
      if (plan === "Agency") {
        await expect(finder.getByRole("link", { name: "Contact Us" })).toBeVisible();
        await expect(finder.getByText("Expert stops at 6 episodes a month.")).toBeVisible();
      } else {
        await expect(finder.getByRole("button", { name: `Subscribe to ${plan}` })).toBeVisible();
        await expect(finder.getByText(/^\$\d+\.\d\d per episode at/)).toBeVisible();
      }
    });
  }

  test("shows the time saved from the visitor's own hours, and explains the plan below", async ({
    page,
    gotoHydrated,
  }) => {
    await gotoHydrated("/pricing");
    const finder = finderOf(page);
    await ask(finder, 4, ["X threads"]);
    await expect(
      finder.getByText("Starter stops at 2 episodes a month and lacks X threads."),
    ).toBeVisible();
    // The starting figures, the article's logged minutes: 3.25 + 0.25 + 0.5 + 0.5 + 0.75 hours per
    // episode (transcript, summary, key points, LinkedIn, X thread), four episodes.
    await expect(finder.getByText("21 hours a month")).toBeVisible();
    await expect(finder.getByText(/^The time you get back is less than this/)).toBeVisible();
    await finder.getByLabel("Transcript", { exact: true }).fill("1");
    await expect(finder.getByText("12 hours a month")).toBeVisible();
    await expect(
      finder.getByText(
        "At $149 a month, that is $12.42 for each hour of writing it drafts, before your reviewing and editing.",
      ),
    ).toBeVisible();
    // Reviewing and editing the drafts comes off what the plan gives back.
    await finder.getByLabel("Reviewing and editing the drafts, per episode").fill("1");
    await expect(
      finder.getByText(
        "Time you get back after reviewing and editing: 8 hours a month, with your 1 hour per episode taken off.",
      ),
    ).toBeVisible();
    await expect(
      finder.getByText(
        "At $149 a month, that is $18.63 for each hour you get back after reviewing and editing.",
      ),
    ).toBeVisible();
  });

  test("its button starts the recommended plan's checkout", async ({
    page,
    gotoHydrated,
    baseURL,
  }) => {
    const bodies: unknown[] = [];
    await page.route("**/functions/v1/create-checkout", async (route) => {
      bodies.push(route.request().postDataJSON());
      await route.fulfill({ status: 200, json: { url: `${baseURL}/success` } });
    });
    await gotoHydrated("/pricing");
    const finder = finderOf(page);
    await ask(finder, 5, ["Content scheduling"]);
    await finder.getByRole("button", { name: "Subscribe to Expert" }).click();
    // Checkout loads its client on the first click, then the browser leaves for the answer's URL.
    await expect(page).toHaveURL(/\/success$/, { timeout: checkoutTimeoutMs });
    expect(bodies).toEqual([{ priceId: "price_expert", isGuest: true }]);
  });

  test("keeps the choices made before the page hydrates", async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    // Hold the page's scripts until the visitor has made their choices.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/assets/entry.client-*.js", async (route) => {
      await held;
      await route.continue();
    });
    // Module scripts hold DOMContentLoaded back, so wait only for the response.
    await page.goto("/pricing", { waitUntil: "commit" });
    const finder = finderOf(page);
    await expect(finder.getByRole("checkbox", { name: /White label/ })).toBeVisible();
    await finder.getByLabel("Episodes you publish a month").selectOption("1");
    await finder.getByRole("checkbox", { name: /White label/ }).check();
    expect(await page.locator("html[data-hydrated]").count()).toBe(0);
    release();
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await expect(finder.locator("[aria-live]")).toContainText(/^Expert/);
    await expect(finder.getByRole("checkbox", { name: /White label/ })).toBeChecked();
    await context.close();
  });

  test("without JavaScript it is a table of which plan for how many episodes", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/pricing");
    const finder = finderOf(page);
    await expect(finder.getByRole("combobox")).toBeHidden();
    const table = finder.getByRole("table", { name: /The plan for each number of episodes/ });
    await expect(table).toBeVisible();
    await expect(table.getByRole("rowheader")).toHaveText(["1–2", "3–4", "5–6", "7 or more"]);
    await expect(table.locator("tbody td:nth-child(2)")).toHaveText(planNames);
    // It fits a 320 px screen too.
    await page.setViewportSize({ width: 320, height: 640 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      320,
    );
    await context.close();
  });
});

test.describe("keyboard only", () => {
  test("the per-plan view: arrow keys move between plans", async ({ page, gotoHydrated }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await gotoHydrated("/pricing");
    const picker = page.getByRole("group", { name: comparisonCopy.pickLegend });
    const table = page.getByRole("table", { name: comparisonCopy.caption });
    await tabTo(page, picker.getByRole("radio", { name: "Pro" }));
    await page.keyboard.press("ArrowRight");
    await expect(picker.getByRole("radio", { name: "Expert" })).toBeFocused();
    await expect(table.getByRole("columnheader")).toHaveText(["Expert"]);
  });

  test("the finder: choose, read the recommendation, start its checkout", async ({
    page,
    gotoHydrated,
  }) => {
    const bodies: unknown[] = [];
    await page.route("**/functions/v1/create-checkout", async (route) => {
      bodies.push(route.request().postDataJSON());
      await route.fulfill({ status: 200, json: { url: `${new URL(page.url()).origin}/success` } });
    });
    // The fragment starts sequential focus navigation at the finder, as a link to it would.
    await gotoHydrated("/pricing#plan-finder");
    const finder = finderOf(page);
    const episodes = finder.getByLabel("Episodes you publish a month");
    await tabTo(page, episodes);
    // 4 is preselected; one step down is 3.
    await page.keyboard.press("ArrowUp");
    await expect(episodes).toHaveValue("3");
    await tabTo(page, finder.getByRole("checkbox", { name: "X threads", exact: true }));
    await page.keyboard.press("Space");
    await expect(finder.locator("[aria-live]")).toContainText(/^Pro/);
    await tabTo(page, finder.getByRole("button", { name: "Subscribe to Pro" }));
    await page.keyboard.press("Enter");
    // Checkout loads its client on the first click, then the browser leaves for the answer's URL.
    await expect(page).toHaveURL(/\/success$/, { timeout: checkoutTimeoutMs });
    expect(bodies).toEqual([{ priceId: "price_pro", isGuest: true }]);
  });
});

test.describe("billing questions", () => {
  test("open with a tap or the keyboard, with JavaScript or without", async ({ browser }) => {
    for (const javaScriptEnabled of [true, false]) {
      const context = await browser.newContext({ javaScriptEnabled });
      const page = await context.newPage();
      await page.goto("/pricing");
      const billing = page.getByRole("region", { name: "Billing questions" });
      await billing.getByText("Do the prices include tax?").click();
      await expect(billing.getByText(/in US dollars, taxes included/)).toBeVisible();
      await billing.getByText("How can I pay?").focus();
      await page.keyboard.press("Enter");
      await expect(billing.getByText(/Apple Pay, Google Pay and Link/)).toBeVisible();
      await context.close();
    }
  });

  test("the Help Center points to them", async ({ page, gotoHydrated }) => {
    await gotoHydrated("/help");
    await page.getByRole("link", { name: "Read the billing answers on the pricing page" }).click();
    await expect(page).toHaveURL(/\/pricing#billing-questions$/);
    await expect(page.getByRole("heading", { name: "Billing questions" })).toBeInViewport();
  });
});
