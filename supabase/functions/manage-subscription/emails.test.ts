import { describe, expect, it } from "vitest";
import { KEEP_BUTTON_LABEL, keepLinkValidity, MANAGE_MESSAGES } from "../_shared/contract.ts";
import { cancellationEmail } from "./emails.ts";

const context = {
  brand: "Castloop",
  siteUrl: "https://castloop.test",
  supportEmail: "support@castloop.test",
};
const DAY = 24 * 60 * 60 * 1000;

function cancellation(lastPaidInDays: number) {
  const now = new Date("2026-11-27T09:00:00Z");
  const expiresAt = new Date(now.getTime() + 14 * DAY);
  return cancellationEmail(
    context,
    "ada@example.com",
    "req-1",
    now,
    [
      {
        id: "sub_1",
        plan: "Pro",
        action: "cancel_at_period_end",
        lastPaid: new Date(now.getTime() + lastPaidInDays * DAY).toISOString(),
      },
    ],
    new Map([["sub_1", { subscriptionId: "sub_1", url: "https://castloop.test/k", expiresAt }]]),
  );
}

describe("the undo link, wherever it is mentioned", () => {
  it("is valid for the contract's 14 days, or until the paid period ends, if that comes first", () => {
    expect(keepLinkValidity).toBe(
      "for 14 days, or until the paid period ends, if that comes first",
    );
    expect(MANAGE_MESSAGES.link_expired).toContain(
      `undoes a cancellation works ${keepLinkValidity}`,
    );
    const mail = cancellation(20);
    expect(mail.text).toContain(`This link undoes the cancellation ${keepLinkValidity}`);
  });

  it("names the earlier of the two as the link's last day", () => {
    expect(cancellation(20).text).toContain("(until 11 December 2026)");
    expect(cancellation(5).text).toContain("(until 2 December 2026)");
  });

  it("carries the undo button's own words as the link text", () => {
    const mail = cancellation(20);
    expect(mail.text).toContain(`${KEEP_BUTTON_LABEL}: https://castloop.test/k`);
    expect(mail.html).toContain(`>${KEEP_BUTTON_LABEL}</a>`);
  });
});
