import {
  CHECKOUT_MESSAGES as MESSAGES,
  checkoutNoticeId,
  type CheckoutMessageCode as MessageCode,
} from "../../../supabase/functions/_shared/contract.ts";
import { checkoutMessages } from "~/plans/checkout/checkout-messages";

/** Each refusal a checkout form post can be sent back with, and its text (docs/product.md). */
export function checkoutNotices(): { id: string; text: string }[] {
  return (Object.keys(MESSAGES) as MessageCode[]).map((code) => ({
    id: checkoutNoticeId(code),
    text: checkoutMessages.failedWith(MESSAGES[code]),
  }));
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

/**
 * The notices as static markup. A failed form post returns to its page at one notice's id, and
 * CSS `:target` shows that one, so the message needs no script. Only the prerender renders them:
 * a hydrating page keeps the markup, and its bundle leaves the texts out.
 */
export function checkoutNoticesHtml(): string {
  return checkoutNotices()
    .map(
      ({ id, text }) =>
        `<p id="${id}" role="alert" class="checkout-notice">${escapeHtml(text)}</p>`,
    )
    .join("");
}
