/**
 * The fewest characters each contact field takes. The schema checks them once the page has its
 * script; before that the form's `minlength` asks the browser to. No imports: the form ships it.
 */
export const contactLimits = { name: 2, message: 10 } as const;
