// The checkout's refusals live in the contract, which the site's prerendered notices read too.
export {
  CHECKOUT_MESSAGES as MESSAGES,
  checkoutNoticeId,
  type CheckoutMessageCode as MessageCode,
} from "../_shared/contract.ts";
