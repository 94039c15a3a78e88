import { plans, startsCheckout } from "~/plans/plans";

// The money-back guarantee: page metadata, the plans' intro and the billing rules read it.

/** Days of the money-back guarantee on the first payment of a first subscription. */
export const guaranteeDays = 14;

/** "Starter, Pro or Expert": every plan that starts a checkout; an Agency plan's terms are
 * agreed in its own contract. */
export const guaranteePlans = plans
  .filter(startsCheckout)
  .map((plan) => plan.name)
  .join(", ")
  .replace(/, (?=[^,]*$)/, " or ");

/** The guarantee named in passing (a band, a page description), scope and plans included. */
export const guaranteeShort = `a ${guaranteeDays}-day money-back guarantee on your first ${guaranteePlans} subscription`;
