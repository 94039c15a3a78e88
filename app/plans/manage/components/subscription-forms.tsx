import { useEffect, useId, useRef, type ReactNode } from "react";
import { Button } from "~/ui/button";
import { cancelButtonLabel, withdrawButtonLabel } from "~/plans/billing/subscription-terms";
import { FORM_ERRORS, manageEndpoint } from "~/plans/manage/manage-copy";
import { FormErrorNotes } from "~/plans/manage/components/form-error-notes";

const controlClass =
  "block w-full min-h-11 rounded-lg border border-input bg-white px-3 py-2.5 text-base text-foreground";

function Field({
  label,
  hint,
  children,
  id,
}: {
  label: string;
  hint?: string;
  id: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block font-semibold">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="mb-2 text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {children}
    </div>
  );
}

/** A plain form posting to the function: it works without JavaScript, and answers with a page. */
function ManageForm({ action, children }: { action: string; children: ReactNode }) {
  return (
    <form method="post" action={manageEndpoint()} className="space-y-6">
      <input type="hidden" name="action" value={action} />
      {children}
    </form>
  );
}

/** One field, one button: the e-mail address used at checkout. */
export function CancelForm() {
  const id = useId();
  return (
    <>
      <FormErrorNotes codes={FORM_ERRORS.cancel} />
      <ManageForm action="cancel">
        <Field
          id={`${id}-email`}
          label="E-mail address used at checkout"
          hint="The address you gave Stripe when you paid. No password or code is needed."
        >
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            required
            maxLength={254}
            autoComplete="email"
            spellCheck={false}
            aria-describedby={`${id}-email-hint`}
            className={controlClass}
          />
        </Field>
        <Button type="submit" size="lg">
          {cancelButtonLabel}
        </Button>
      </ManageForm>
    </>
  );
}

const planOptions = ["Starter", "Pro", "Expert"] as const;

/** The withdrawal statement: who, which contract, where to confirm, and one button. */
export function WithdrawForm() {
  const id = useId();
  return (
    <>
      <FormErrorNotes codes={FORM_ERRORS.withdraw} />
      <ManageForm action="withdraw">
        <Field id={`${id}-name`} label="Your name">
          <input
            id={`${id}-name`}
            name="name"
            type="text"
            required
            maxLength={200}
            autoComplete="name"
            className={controlClass}
          />
        </Field>
        <Field
          id={`${id}-email`}
          label="E-mail address used at checkout"
          hint="We find your subscription by this address."
        >
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            required
            maxLength={254}
            autoComplete="email"
            spellCheck={false}
            aria-describedby={`${id}-email-hint`}
            className={controlClass}
          />
        </Field>
        <Field id={`${id}-plan`} label="Plan (if you know it)">
          <select id={`${id}-plan`} name="plan" defaultValue="" className={controlClass}>
            <option value="">I don't know</option>
            {planOptions.map((plan) => (
              <option key={plan} value={plan}>
                {plan}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${id}-date`} label="Day you subscribed (if you know it)">
          <input
            id={`${id}-date`}
            name="subscribedOn"
            type="date"
            min="2020-01-01"
            className={controlClass}
          />
        </Field>
        <Field
          id={`${id}-confirm`}
          label="Where to send the confirmation"
          hint="We e-mail the acknowledgment of receipt here at once; it can be the same address."
        >
          <input
            id={`${id}-confirm`}
            name="confirmTo"
            type="email"
            required
            maxLength={254}
            autoComplete="email"
            spellCheck={false}
            aria-describedby={`${id}-confirm-hint`}
            className={controlClass}
          />
        </Field>
        <Button type="submit" size="lg">
          {withdrawButtonLabel}
        </Button>
      </ManageForm>
    </>
  );
}

/**
 * The undo form. The link's token sits in the page's address, which only a script can copy into
 * the form; without one, the visitor pastes the link from the e-mail into the field.
 */
export function KeepForm() {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  // The address is the browser's, not React's: the field is filled once, as the page opens.
  useEffect(() => {
    const input = field.current;
    if (
      input !== null &&
      input.value === "" &&
      new URLSearchParams(window.location.search).has("token")
    ) {
      input.value = window.location.href;
    }
  }, []);
  return (
    <>
      <FormErrorNotes codes={FORM_ERRORS.keep} />
      <ManageForm action="keep">
        <Field
          id={`${id}-token`}
          label="The link from your e-mail"
          hint='Filled in when you open the link from our e-mail; otherwise paste it here. Nothing changes until you press "Keep my subscription".'
        >
          <input
            id={`${id}-token`}
            name="token"
            type="text"
            required
            maxLength={2000}
            spellCheck={false}
            autoComplete="off"
            ref={field}
            aria-describedby={`${id}-token-hint`}
            className={controlClass}
          />
        </Field>
        <Button type="submit" size="lg">
          Keep my subscription
        </Button>
      </ManageForm>
    </>
  );
}
