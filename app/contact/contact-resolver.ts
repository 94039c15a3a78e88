import { zodResolver } from "@hookform/resolvers/zod";
import { contactSchema } from "./contact-schema";

/** react-hook-form's validation of the contact form; loaded on demand (see contact-form.tsx). */
export const contactResolver = zodResolver(contactSchema);
