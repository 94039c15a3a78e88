import {
  CHANGE_PLAN_ANSWER,
  MESSAGES,
} from "../../supabase/functions/manage-subscription/messages.ts";
import { expectNoAxeViolations } from "./axe";
import { startManageStack, type ManageStack } from "./manage-stack";
import { expect, test, type Page } from "./test";

// Changing plans as a subscriber does it: one field, an e-mailed one-use link, one button, and
// Stripe's portal on the subscription's plan choice, against a fake Stripe and a fake Resend.

let stack: ManageStack;

test.beforeAll(async () => {
  // A server with its own database: seconds to open on a busy machine.
  test.setTimeout(90_000);
  stack = await startManageStack({ MANAGE_EMAIL_RATE_LIMIT: "0" });
});
test.afterAll(async () => {
  await stack?.close();
});
test.beforeEach(() => {
  stack.stripe.reset();
  stack.resend.reset();
});

async function mailTo(to: string, count = 1) {
  await expect
    .poll(() => stack.resend.emails.filter((m) => m.to.includes(to)).length, { timeout: 10_000 })
    .toBeGreaterThanOrEqual(count);
  return stack.resend.emails.filter((m) => m.to.includes(to));
}

async function askForLink(page: Page, email: string) {
  await page.goto(`${stack.origin}/change-plan`);
  await page.getByLabel("E-mail address used at checkout").fill(email);
  await page.getByRole("button", { name: "E-mail me the link" }).click();
  await expect(page).toHaveURL(`${stack.origin}/change-plan/sent`);
  await expect(page.locator("[data-manage-answer]")).toHaveText(CHANGE_PLAN_ANSWER);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });
    // Each flow waits for the function's fixed answer time and its background work.
    test.describe.configure({ timeout: 60_000 });

    test("leads from the footer, by e-mail, to Stripe's portal on that subscription, once", async ({
      page,
    }) => {
      const mine = stack.stripe.seedSubscription({ email: "ada@example.com" });
      stack.stripe.seedSubscription({ email: "grace@example.com" });

      await page.goto(`${stack.origin}/pricing`);
      await page.locator("footer").getByRole("link", { name: "Change your plan" }).click();
      await expect(page).toHaveURL(`${stack.origin}/change-plan`);
      await askForLink(page, "ada@example.com");

      const [mail] = await mailTo("ada@example.com");
      const link =
        /http:\/\/127\.0\.0\.1:\d+\/change-plan\/confirm\?token=\S+/.exec(mail?.text ?? "")?.[0] ??
        "";
      expect(link).not.toBe("");
      // Opening the link asks Stripe for nothing; the button does.
      await page.goto(link);
      expect(stack.stripe.portalSessions.size).toBe(0);
      await expect(page.getByLabel("The link from your e-mail")).toHaveValue(
        new URL(link).searchParams.get("token") ?? "",
      );
      await page.getByRole("button", { name: "Change my plan" }).click();

      await expect(page).toHaveURL(new RegExp(`^${stack.stripe.url}/portal/`));
      const [session] = [...stack.stripe.portalSessions.values()];
      expect(session).toMatchObject({ customer: mine.customer, subscription: mine.id });
      expect(page.url()).toBe(session?.url);
      await expect(page.locator(`[data-portal-subscription="${mine.id}"]`)).toBeVisible();

      // The same link a second time is spent.
      await page.goto(link);
      await page.getByRole("button", { name: "Change my plan" }).click();
      await expect(page).toHaveURL(`${stack.origin}/change-plan/confirm#error-plan_link_used`);
      await expect(page.getByText(MESSAGES.plan_link_used)).toBeVisible();
      expect(stack.stripe.portalSessions.size).toBe(1);
    });

    test("answers an unknown address exactly as a known one, and e-mails nobody", async ({
      page,
    }) => {
      stack.stripe.seedSubscription({ email: "ada@example.com" });
      await askForLink(page, "ada@example.com");
      const known = await page.locator("main").innerText();
      await mailTo("ada@example.com");
      await askForLink(page, "nobody@example.com");
      expect(await page.locator("main").innerText()).toBe(known);
      expect(stack.resend.emails.map((m) => m.to).flat()).toEqual(["ada@example.com"]);
    });
  });
}

test("the change-plan pages have no axe violations and work from the keyboard", async ({
  page,
}) => {
  test.setTimeout(90_000);
  for (const path of [
    "/change-plan",
    "/change-plan#error-invalid_email",
    "/change-plan/sent",
    "/change-plan/confirm",
    "/change-plan/confirm#error-plan_link_expired",
  ]) {
    await page.goto(`${stack.origin}${path}`);
    await expectNoAxeViolations(page, path);
  }
  stack.stripe.seedSubscription({ email: "ada@example.com" });
  await page.goto(`${stack.origin}/change-plan`);
  const field = page.getByLabel("E-mail address used at checkout");
  await field.focus();
  await page.keyboard.type("ada@example.com");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "E-mail me the link" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`${stack.origin}/change-plan/sent`);
});
