// zod/mini: this schema ships to the browser with /contact, and tree-shakes to a fraction of
// classic zod.
import * as z from "zod/mini";
import { contactLimits } from "~/contact/contact-limits";

export const contactMessages = {
  name: "Name must be at least 2 characters",
  email: "Please enter a valid email address",
  message: "Message must be at least 10 characters",
} as const;

/** Length in code points, so an emoji counts as one character, as a visitor would count it. */
export function characterCount(value: string): number {
  return [...value].length;
}

const atLeast = (min: number, error: string) =>
  z.string().check(
    z.trim(),
    z.refine((value) => characterCount(value) >= min, { error }),
  );

/** The contact form's fields. Parsing trims surrounding spaces, and the limits count after that. */
export const contactSchema = z.object({
  name: atLeast(contactLimits.name, contactMessages.name),
  email: z.string().check(z.trim(), z.regex(z.regexes.email, { error: contactMessages.email })),
  message: atLeast(contactLimits.message, contactMessages.message),
});

export type ContactValues = z.infer<typeof contactSchema>;
