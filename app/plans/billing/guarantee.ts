// The money-back guarantee, in a module without imports: page metadata and the plans read it,
// and so do build scripts that run outside Vite (subscription-terms.ts needs its env).

/** Days of the money-back guarantee on the first payment of a first subscription. */
export const guaranteeDays = 14;

/** The plans it covers; an Agency plan's terms are agreed in its own contract. */
export const guaranteePlans = "Starter, Pro or Expert";

/** The guarantee named in passing (a band, a page description), scope and plans included. */
export const guaranteeShort = `a ${guaranteeDays}-day money-back guarantee on your first ${guaranteePlans} subscription`;
