import { CircleAlert, Send } from "lucide-react";
import {
  useEffect,
  useId,
  useRef,
  type BaseSyntheticEvent,
  type FormEvent,
  type ReactNode,
} from "react";
import { useForm, type FieldError, type FieldErrors, type Resolver } from "react-hook-form";
import { Button } from "~/ui/button";
import { contactLimits } from "~/contact/contact-limits";
import type { ContactValues } from "~/contact/contact-schema";
import { buildContactMailto, shortenedNotes } from "~/contact/mailto";
import { openMailto } from "~/contact/open-mailto";

export const contactToast = {
  title: "Form submitted",
  description: "Thank you for your message. We'll get back to you soon!",
  copied: (address: string) =>
    `Your message was too long for an e-mail link, so the e-mail holds a shortened copy and the full text is on your clipboard: paste it into the e-mail to ${address}.`,
  notCopied: (address: string) =>
    `Your message was too long for an e-mail link and was shortened. Please copy the full text from the Message box, which we kept, and paste it into the e-mail to ${address}.`,
  unavailable:
    "The form could not be checked because part of the page did not load. Please check your connection and send it again.",
} as const;

// Validation (zod) is not needed to show the page, so it loads on demand: when the visitor first
// focuses the form, or at the latest on the first submit. A failed load is tried again next time.
let loadingResolver: Promise<Resolver<ContactValues>> | undefined;
function loadResolver(): Promise<Resolver<ContactValues>> {
  loadingResolver ??= import("~/contact/contact-resolver").then(
    (module) => module.contactResolver,
    (error: unknown) => {
      loadingResolver = undefined;
      throw error;
    },
  );
  return loadingResolver;
}
const contactResolver: Resolver<ContactValues> = async (values, context, options) =>
  (await loadResolver())(values, context, options);

const emptyForm: ContactValues = { name: "", email: "", message: "" };

const controlClass =
  "block w-full rounded-lg border border-input bg-background px-3 py-2.5 text-base text-foreground aria-invalid:border-danger";

async function copyToClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The contact form. Nothing goes to a server: a valid message opens the visitor's mail client
 * with a prefilled e-mail to `address`. A message too long for a mailto: link is shortened in
 * the e-mail and copied whole to the clipboard in the same click.
 */
export function ContactForm({ address }: { address: string }) {
  const id = useId();
  const {
    register,
    handleSubmit,
    reset,
    getValues,
    setFocus,
    formState: { errors },
  } = useForm<ContactValues>({
    resolver: contactResolver,
    mode: "onSubmit",
    reValidateMode: "onChange",
    // React Hook Form focuses the first invalid field again on a timer after a failed submit;
    // a visitor already typing then had focus moved to the next invalid field mid-word. The
    // form focuses it once itself (onInvalid).
    shouldFocusError: false,
    defaultValues: emptyForm,
  });

  const sentAt = useRef(-Infinity);
  const form = useRef<HTMLFormElement>(null);
  // Until the script arrives the browser checks the fields itself (required, e-mail, length);
  // from hydration on, the form's own checks show docs/product.md's messages instead.
  useEffect(() => {
    if (form.current) form.current.noValidate = true;
  }, []);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // The second click of a double click would submit the just-emptied form and show errors.
    if (event.timeStamp - sentAt.current < 1000) {
      event.preventDefault();
      return;
    }
    return handleSubmit(
      onValid,
      onInvalid,
    )(event).catch(async () => {
      // The validation code failed to load (offline, say); what was typed stays in the form.
      const { notify } = await import("~/lib/notify").catch(() => ({ notify: null }));
      if (notify) void notify("error", contactToast.unavailable);
    });
  }

  /** Focus on the first invalid field in reading order, once, as the submit fails. */
  function onInvalid(invalid: FieldErrors<ContactValues>) {
    const first = (Object.keys(emptyForm) as (keyof ContactValues)[]).find((name) => invalid[name]);
    if (first !== undefined) setFocus(first);
  }

  async function onValid(values: ContactValues, event?: BaseSyntheticEvent) {
    console.info("Contact form submitted", values);
    let mail = buildContactMailto(values, address);
    let copied = true;
    if (mail.truncated) {
      copied = await copyToClipboard(mail.body);
      if (!copied) mail = buildContactMailto(values, address, { note: shortenedNotes.manual });
    }
    openMailto(mail.href);
    sentAt.current = event?.timeStamp ?? -Infinity;
    // Without the clipboard, the Message box is the only full copy of a shortened message.
    reset(copied ? emptyForm : { ...emptyForm, message: getValues("message") }, {
      keepDefaultValues: true,
    });
    const extra = mail.truncated
      ? ` ${copied ? contactToast.copied(address) : contactToast.notCopied(address)}`
      : "";
    // Loaded on demand like sonner itself; the mail client has opened whether or not it loads.
    await import("~/lib/notify")
      .then(({ notify }) => {
        void notify("success", contactToast.title, `${contactToast.description}${extra}`);
      })
      .catch(() => {});
  }

  const field = (name: keyof ContactValues) => ({
    id: `${id}-${name}`,
    error: errors[name],
    errorId: `${id}-${name}-error`,
  });

  return (
    // method="dialog" outside a dialog makes a submit before hydration a no-op rather than a GET
    // that would put the message into the URL; without JavaScript, noscript.css hides the form.
    <form
      aria-label="Contact form"
      className="space-y-6"
      data-requires-script=""
      method="dialog"
      ref={form}
      onFocus={() => void loadResolver().catch(() => {})}
      onSubmit={onSubmit}
    >
      <Field label="Name" {...field("name")}>
        <input
          {...register("name")}
          {...controlProps(field("name"))}
          autoComplete="name"
          className={`${controlClass} min-h-11`}
          minLength={contactLimits.name}
          required
          type="text"
        />
      </Field>
      <Field label="Email" {...field("email")}>
        <input
          {...register("email")}
          {...controlProps(field("email"))}
          autoComplete="email"
          className={`${controlClass} min-h-11`}
          inputMode="email"
          required
          spellCheck={false}
          type="email"
        />
      </Field>
      <Field label="Message" {...field("message")}>
        <textarea
          {...register("message")}
          {...controlProps(field("message"))}
          className={`${controlClass} min-h-40 resize-y`}
          minLength={contactLimits.message}
          required
          rows={6}
        />
      </Field>
      <Button type="submit">
        <Send aria-hidden="true" />
        Send Message
      </Button>
    </form>
  );
}

type FieldState = { id: string; error?: FieldError; errorId: string };

function controlProps({ id, error, errorId }: FieldState) {
  return {
    id,
    "aria-required": true,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
  } as const;
}

function Field({
  label,
  id,
  error,
  errorId,
  children,
}: FieldState & { label: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="mb-2 block font-semibold">
        {label}
      </label>
      {children}
      {error?.message ? (
        <p id={errorId} className="mt-2 flex items-center gap-1.5 text-sm text-danger">
          <CircleAlert className="size-4 shrink-0" aria-hidden="true" />
          {error.message}
        </p>
      ) : null}
    </div>
  );
}
