// The money-back guarantee, in a module without imports: page metadata and the plans read it,
// and so do build scripts that run outside Vite (subscription-terms.ts needs its env).

/** Days of the money-back guarantee on the first payment of a first subscription. */
export const guaranteeDays = 14;

/** The guarantee named in passing (a band, a page description), scope included. */
export const guaranteeShort = `a ${guaranteeDays}-day money-back guarantee on your first subscription`;
