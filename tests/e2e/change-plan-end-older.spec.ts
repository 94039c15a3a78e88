import Stripe from "stripe";
import {
  END_OLDER_ANSWER,
  END_OLDER_BUTTON_LABEL,
  END_OLDER_REFUND,
  SITE_PATHS,
} from "../../supabase/functions/_shared/contract.ts";
import { MESSAGES } from "../../supabase/functions/manage-subscription/messages.ts";
import { checkoutEvent } from "../contracts/stripe-webhook-cases.ts";
import type { FakeSubscription } from "../fakes/fake-stripe.ts";
import { expectNoAxeViolations } from "./axe";
import { startManageStack, type ManageStack } from "./manage-stack";
import { expect, test } from "./test";

// A second subscription under one address, caught in its confirmation: Stripe's signed events
// reach the server's stripe-webhook, the second confirmation carries the end-older link, and its
// one button ends the older subscription and refunds its unused part, once, against the fake
// Stripe and the fake Resend, with JavaScript on and off.

const WEBHOOK_SECRET = "whsec_e2e_end_older_secret_for_tests";
const PRO = "price_test_pro_fake";
const EXPERT = "price_test_expert_fake";
let stack: ManageStack;

test.beforeAll(async () => {
  // A server with its own database: seconds to open on a busy machine.
  test.setTimeout(90_000);
  stack = await startManageStack({
    MANAGE_EMAIL_RATE_LIMIT: "0",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICE_EXPERT: EXPERT,
  });
});
test.afterAll(async () => {
  await stack?.close();
});

/** Delivers a checkout's completion as Stripe would: signed, to the webhook. */
async function deliverCheckout(subscription: FakeSubscription, email: string, price: number) {
  const payload = JSON.stringify(checkoutEvent(subscription, email, { price }));
  const signature = await Stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret: WEBHOOK_SECRET,
    cryptoProvider: Stripe.createSubtleCryptoProvider(),
  });
  const response = await fetch(`${stack.origin}/functions/v1/stripe-webhook`, {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": signature },
    body: payload,
  });
  expect(response.status).toBe(200);
}

/** Two subscriptions under one mailbox, and the end-older link from the second confirmation. */
async function secondSubscription(email: string) {
  const older = stack.stripe.seedSubscription({ email, price: PRO });
  await deliverCheckout(older, email, 149);
  const newer = stack.stripe.seedSubscription({ email, price: EXPERT });
  await deliverCheckout(newer, email, 299);
  await expect
    .poll(() => stack.resend.emails.filter((m) => m.to.includes(email)).length, {
      timeout: 15_000,
    })
    .toBe(2);
  const second = stack.resend.emails.filter((m) => m.to.includes(email))[1];
  expect(second?.text).toContain("this one (Expert) is a second");
  const pattern = new RegExp(
    `${END_OLDER_BUTTON_LABEL}: (http://127\\.0\\.0\\.1:\\d+${SITE_PATHS.changePlanEndOlder}\\?token=\\S+)`,
  );
  const link = pattern.exec(second?.text ?? "")?.[1] ?? "";
  expect(link).not.toBe("");
  return { older, newer, link };
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });
    test.describe.configure({ timeout: 60_000 });

    test("the second confirmation's link ends the older subscription and refunds it, once", async ({
      page,
    }) => {
      const email = `ada-${javaScriptEnabled ? "on" : "off"}@example.com`;
      const { older, newer, link } = await secondSubscription(email);

      // Opening the link changes nothing at Stripe; the page says what the button does.
      const writes = () => stack.stripe.requests.filter((r) => r.method !== "GET").length;
      const before = writes();
      await page.goto(link);
      await expect(page.locator("h1")).toHaveText("End your older subscription");
      await expect(page.getByText(END_OLDER_REFUND)).toBeVisible();
      await expect(page.getByLabel("The link from our e-mail")).toHaveValue(
        new URL(link).searchParams.get("token") ?? "",
      );
      expect(writes()).toBe(before);
      await page.getByRole("button", { name: END_OLDER_BUTTON_LABEL }).click();

      await expect(page).toHaveURL(`${stack.origin}${SITE_PATHS.changePlanEnded}`);
      await expect(page.locator("[data-manage-answer]")).toHaveText(END_OLDER_ANSWER);
      expect(stack.stripe.subscriptions.get(older.id)?.status).toBe("canceled");
      expect(stack.stripe.subscriptions.get(newer.id)?.status).toBe("active");
      // Refunds of the older subscription's payment (the fake Stripe may hold other tests').
      const paid = [...stack.stripe.invoices.values()].find((i) => i.subscription === older.id);
      const refundsOf = () =>
        [...stack.stripe.refunds.values()].filter((r) => r.payment_intent === paid?.payment_intent);
      expect(refundsOf()).toHaveLength(1);
      // Twenty of the thirty days were left: about two thirds of $149.
      const [refund] = refundsOf();
      expect(refund?.amount).toBeGreaterThan(9_800);
      expect(refund?.amount).toBeLessThanOrEqual(9_934);

      // The same link again is spent: the notice shows, the success answer hides, nothing more.
      await page.goto(link);
      await page.getByRole("button", { name: END_OLDER_BUTTON_LABEL }).click();
      await expect(page).toHaveURL(
        `${stack.origin}${SITE_PATHS.changePlanEnded}#error-end_link_used`,
      );
      await expect(page.getByText(MESSAGES.end_link_used)).toBeVisible();
      await expect(page.locator("[data-manage-answer]")).toBeHidden();
      expect(refundsOf()).toHaveLength(1);
    });
  });
}

test("the end-older pages have no axe violations", async ({ page }) => {
  test.setTimeout(60_000);
  for (const path of [
    SITE_PATHS.changePlanEndOlder,
    SITE_PATHS.changePlanEnded,
    `${SITE_PATHS.changePlanEnded}#error-end_link_expired`,
  ]) {
    await page.goto(`${stack.origin}${path}`);
    await expectNoAxeViolations(page, path);
  }
});
