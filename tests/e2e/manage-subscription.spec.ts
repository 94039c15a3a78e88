import {
  CANCEL_ANSWER,
  KEEP_ANSWER,
  MESSAGES,
  WITHDRAW_ANSWER,
} from "../../supabase/functions/manage-subscription/messages.ts";
import { expectNoAxeViolations } from "./axe";
import { startManageStack, type ManageStack } from "./manage-stack";
import { expect, test, type Page } from "./test";

// Cancelling and withdrawing as a visitor does it: one page, one button, no sign-in, against a
// fake Stripe and a fake Resend, with JavaScript on and off.

let stack: ManageStack;

test.beforeAll(async () => {
  // A server with its own database: seconds to open on a busy machine.
  test.setTimeout(90_000);
  // The per-address limit is off here: these tests reuse addresses; the flood test turns it on.
  stack = await startManageStack({ MANAGE_EMAIL_RATE_LIMIT: "0" });
});
test.afterAll(async () => {
  await stack?.close();
});
test.beforeEach(() => {
  stack.stripe.reset();
  stack.resend.reset();
});

/** The messages Resend accepted for `to`, waiting for the function's work to send them. */
async function mailTo(to: string, count = 1) {
  await expect
    .poll(() => stack.resend.emails.filter((m) => m.to.includes(to)).length, { timeout: 10_000 })
    .toBeGreaterThanOrEqual(count);
  return stack.resend.emails.filter((m) => m.to.includes(to));
}

async function cancel(page: Page, email: string) {
  await page.goto(`${stack.origin}/cancel`);
  await page.getByLabel("E-mail address used at checkout").fill(email);
  await page.getByRole("button", { name: "Cancel my subscription" }).click();
  await expect(page).toHaveURL(`${stack.origin}/cancel/requested`);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });
    // Each flow waits for the function's fixed answer time and its background work.
    test.describe.configure({ timeout: 60_000 });

    test("cancels the matching subscription only, e-mails the details, and the link keeps it", async ({
      page,
    }) => {
      const mine = stack.stripe.seedSubscription({ email: "ada@example.com" });
      const theirs = stack.stripe.seedSubscription({ email: "grace@example.com" });

      // The footer of every page leads to the one-field form.
      await page.goto(`${stack.origin}/pricing`);
      await page.locator("footer").getByRole("link", { name: "Cancel your subscription" }).click();
      await expect(page).toHaveURL(`${stack.origin}/cancel`);
      await cancel(page, "ada@example.com");
      await expect(page.locator("[data-manage-answer]")).toHaveText(CANCEL_ANSWER);

      const [mail] = await mailTo("ada@example.com");
      expect(mail?.subject).toContain("canceled");
      expect(mail?.text).toContain("the last day you have paid for");
      const posts = stack.stripe.requests.filter((r) => r.method === "POST");
      expect(posts.map((r) => [r.path, r.params])).toEqual([
        [`/v1/subscriptions/${mine.id}`, { cancel_at_period_end: "true" }],
      ]);
      expect(stack.stripe.subscriptions.get(theirs.id)?.cancel_at_period_end).toBe(false);

      // Opening the link changes nothing; the button does.
      const link =
        /http:\/\/127\.0\.0\.1:\d+\/cancel\/keep\?token=\S+/.exec(mail?.text ?? "")?.[0] ?? "";
      expect(link).not.toBe("");
      await page.goto(link);
      expect(stack.stripe.subscriptions.get(mine.id)?.cancel_at_period_end).toBe(true);
      // The server fills the link's token in (server/keep-link.ts), so the one button works
      // without a script too; on a static host the page's script copies the link instead.
      await expect(page.getByLabel("The link from your e-mail")).toHaveValue(
        new URL(link).searchParams.get("token") ?? "",
      );
      await page.getByRole("button", { name: "Keep my subscription" }).click();
      await expect(page).toHaveURL(`${stack.origin}/cancel/kept`);
      await expect(page.locator("[data-manage-answer]")).toHaveText(KEEP_ANSWER);
      expect(stack.stripe.subscriptions.get(mine.id)?.cancel_at_period_end).toBe(false);
    });

    test("answers an unknown address exactly as a known one, and e-mails it only a receipt", async ({
      page,
    }) => {
      stack.stripe.seedSubscription({ email: "ada@example.com" });
      await cancel(page, "ada@example.com");
      const known = await page.locator("main").innerText();
      await mailTo("ada@example.com");
      await cancel(page, "nobody@example.com");
      expect(await page.locator("main").innerText()).toBe(known);
      expect(stack.stripe.requests.filter((r) => r.method === "POST")).toHaveLength(1);
      // The address that matched nothing gets the receipt of its own request (§312k(4) BGB).
      await mailTo("nobody@example.com");
      expect(
        stack.resend.emails
          .map((m) => m.to)
          .flat()
          .sort(),
      ).toEqual(["ada@example.com", "nobody@example.com"]);
    });

    test("refuses a bad address on the form's own page, with the reason", async ({ page }) => {
      await page.goto(`${stack.origin}/cancel`);
      const field = page.getByLabel("E-mail address used at checkout");
      // The browser's own check is bypassed so the server's answer is what is tested.
      await field.evaluate((input) => input.setAttribute("type", "text"));
      await field.fill("not an address");
      await page.getByRole("button", { name: "Cancel my subscription" }).click();
      await expect(page).toHaveURL(`${stack.origin}/cancel#error-invalid_email`);
      await expect(page.getByText(MESSAGES.invalid_email)).toBeVisible();
      await expect(page.getByText(MESSAGES.rate_limited)).toBeHidden();
      expect(stack.stripe.requests).toEqual([]);
    });

    test("withdraws within 14 days: acknowledgment at once, subscription ended, first payment refunded", async ({
      page,
    }) => {
      const mine = stack.stripe.seedSubscription({
        email: "ada@example.com",
        startedDaysAgo: 2,
        periodDaysLeft: 28,
      });
      await page.goto(`${stack.origin}/`);
      await page
        .locator("footer")
        .getByRole("link", { name: "Withdraw from contract here" })
        .click();
      await page.getByLabel("Your name").fill("Ada Lovelace");
      await page.getByLabel("E-mail address used at checkout").fill("ada@example.com");
      await page.getByLabel("Plan (if you know it)").selectOption("Pro");
      // The owner's own mailbox, written another way: it acts at once (another mailbox waits 24 h).
      await page.getByLabel("Where to send the confirmation").fill("Ada+withdrawal@Example.com");
      await page.getByRole("button", { name: "Confirm withdrawal" }).click();
      await expect(page).toHaveURL(`${stack.origin}/withdraw/received`);
      await expect(page.locator("[data-manage-answer]")).toHaveText(WITHDRAW_ANSWER);

      const [receipt] = await mailTo("Ada+withdrawal@Example.com");
      expect(receipt?.text).toContain("Name: Ada Lovelace");
      expect(receipt?.text).toMatch(/\d{2}:\d{2}:\d{2} UTC/);
      const [outcome] = await mailTo("ada@example.com");
      expect(outcome?.text).toContain("has ended today");
      expect(stack.stripe.subscriptions.get(mine.id)?.status).toBe("canceled");
      // The address's first subscription: the guarantee's whole payment, not 28/30 of it.
      const [refund] = stack.stripe.refunds.values();
      expect(refund?.amount).toBe(14_900);
      expect(outcome?.text).toContain("the first payment of your first subscription in full");
    });

    test("treats a withdrawal after 14 days as a cancellation, and explains why", async ({
      page,
    }) => {
      const mine = stack.stripe.seedSubscription({ email: "ada@example.com", startedDaysAgo: 40 });
      await page.goto(`${stack.origin}/withdraw`);
      await page.getByLabel("Your name").fill("Ada Lovelace");
      await page.getByLabel("E-mail address used at checkout").fill("ada@example.com");
      await page.getByLabel("Where to send the confirmation").fill("ada@example.com");
      await page.getByRole("button", { name: "Confirm withdrawal" }).click();
      await expect(page).toHaveURL(`${stack.origin}/withdraw/received`);
      const mails = await mailTo("ada@example.com", 2);
      const outcome = mails.find((m) => m.subject.includes("what we have done"));
      expect(outcome?.text).toMatch(/The withdrawal period for .+ ended at the end of/);
      expect(outcome?.text).toContain("treated your statement as a cancellation");
      expect(stack.stripe.subscriptions.get(mine.id)).toMatchObject({
        status: "active",
        cancel_at_period_end: true,
      });
      expect(stack.stripe.refunds.size).toBe(0);
    });

    test("refuses a name carrying a header injection", async ({ page }) => {
      await page.goto(`${stack.origin}/withdraw`);
      await page.getByLabel("Your name").evaluate((input) => {
        // A text input drops line breaks; a textarea in its place sends them as typed.
        const area = document.createElement("textarea");
        area.name = "name";
        area.value = "Ada\r\nBcc: everyone@example.com";
        input.replaceWith(area);
      });
      await page.getByLabel("E-mail address used at checkout").fill("ada@example.com");
      await page.getByLabel("Where to send the confirmation").fill("ada@example.com");
      await page.getByRole("button", { name: "Confirm withdrawal" }).click();
      await expect(page).toHaveURL(`${stack.origin}/withdraw#error-invalid_name`);
      await expect(page.getByText(MESSAGES.invalid_name)).toBeVisible();
      expect(stack.resend.emails).toEqual([]);
    });
  });
}

test("the new pages have no axe violations", async ({ page }) => {
  // Eight pages, each loaded and audited.
  test.setTimeout(120_000);
  for (const path of [
    "/cancel",
    "/cancel#error-invalid_email",
    "/withdraw",
    "/withdraw#error-invalid_name",
    "/cancel/keep",
    "/cancel/requested",
    "/cancel/kept",
    "/withdraw/received",
  ]) {
    await page.goto(`${stack.origin}${path}`);
    await expectNoAxeViolations(page, path);
  }
});

test("answers a flood for one address alike each time, and lets no flood of e-mail out", async ({
  request,
}) => {
  // A server of its own, with the per-mailbox limit on.
  test.setTimeout(120_000);
  const limited = await startManageStack({ MANAGE_EMAIL_RATE_LIMIT: "3" });
  try {
    limited.stripe.seedSubscription({ email: "ada@example.com" });
    // All at once, as a flood comes: the e-mail limit holds across racing requests, and the
    // answers' 1.2 s floors overlap instead of adding up.
    const responses = await Promise.all(
      Array.from({ length: 12 }, () =>
        request.post(`${limited.origin}/functions/v1/manage-subscription`, {
          headers: { origin: limited.origin },
          data: { action: "cancel", email: "ada@example.com" },
        }),
      ),
    );
    // No lockout: a limit on the address holds the e-mail, never the request.
    for (const response of responses) expect(response.headers()["retry-after"]).toBeUndefined();
    expect(new Set(responses.map((response) => response.status()))).toEqual(new Set([200]));
    await expect.poll(() => limited.resend.emails.length).toBe(3);
  } finally {
    await limited.close();
  }
});
