import { useEffect, useId, useRef, type ReactNode } from "react";
import { Button } from "~/ui/button";
import { cancelButtonLabel, withdrawButtonLabel } from "~/plans/billing/subscription-terms";
import {
  CHANGE_PLAN_BUTTON_LABEL,
  changePlanSendLabel,
  END_OLDER_BUTTON_LABEL,
  fieldCopy,
  FORM_ERRORS,
  KEEP_BUTTON_LABEL,
  manageEndpoint,
  planOptions,
} from "~/plans/manage/manage-copy";
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

/** An address field, described by its field's hint. */
function EmailInput({ id, name }: { id: string; name: string }) {
  return (
    <input
      id={id}
      name={name}
      type="email"
      required
      maxLength={254}
      autoComplete="email"
      spellCheck={false}
      aria-describedby={`${id}-hint`}
      className={controlClass}
    />
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
        <Field id={`${id}-email`} {...fieldCopy.cancelEmail}>
          <EmailInput id={`${id}-email`} name="email" />
        </Field>
        <Button type="submit" size="lg">
          {cancelButtonLabel}
        </Button>
      </ManageForm>
    </>
  );
}

/** The withdrawal statement: who, which contract, where to confirm, and one button. */
export function WithdrawForm() {
  const id = useId();
  return (
    <>
      <FormErrorNotes codes={FORM_ERRORS.withdraw} />
      <ManageForm action="withdraw">
        <Field id={`${id}-name`} {...fieldCopy.name}>
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
        <Field id={`${id}-email`} {...fieldCopy.withdrawEmail}>
          <EmailInput id={`${id}-email`} name="email" />
        </Field>
        <Field id={`${id}-plan`} label={fieldCopy.plan.label}>
          <select id={`${id}-plan`} name="plan" defaultValue="" className={controlClass}>
            <option value="">{fieldCopy.plan.unknown}</option>
            {planOptions.map((plan) => (
              <option key={plan} value={plan}>
                {plan}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${id}-date`} {...fieldCopy.subscribedOn}>
          <input
            id={`${id}-date`}
            name="subscribedOn"
            type="date"
            min="2020-01-01"
            className={controlClass}
          />
        </Field>
        <Field id={`${id}-confirm`} {...fieldCopy.confirmTo}>
          <EmailInput id={`${id}-confirm`} name="confirmTo" />
        </Field>
        <Button type="submit" size="lg">
          {withdrawButtonLabel}
        </Button>
      </ManageForm>
    </>
  );
}

/** One field, one button: the e-mail address used at checkout, for a change-plan link. */
export function ChangePlanForm() {
  const id = useId();
  return (
    <>
      <FormErrorNotes codes={FORM_ERRORS.change_plan} />
      <ManageForm action="change_plan">
        <Field id={`${id}-email`} {...fieldCopy.cancelEmail}>
          <EmailInput id={`${id}-email`} name="email" />
        </Field>
        <Button type="submit" size="lg">
          {changePlanSendLabel}
        </Button>
      </ManageForm>
    </>
  );
}

/** A form that carries the token of an e-mailed link: filled by the server, or by the script. */
function LinkTokenForm({
  action,
  copy,
  button,
}: {
  action: "keep" | "portal" | "end_older";
  copy: { label: string; hint: string };
  button: string;
}) {
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
      {/* The end-older refusals are shown on the outcome page the function sends them to. */}
      {action === "end_older" ? null : <FormErrorNotes codes={FORM_ERRORS[action]} />}
      <ManageForm action={action}>
        <Field id={`${id}-token`} {...copy}>
          <input
            id={`${id}-token`}
            name="token"
            type="text"
            required
            maxLength={2000}
            spellCheck={false}
            autoComplete="off"
            // The server fills the link's token in after this marker (server/keep-link.ts).
            data-keep-link=""
            ref={field}
            aria-describedby={`${id}-token-hint`}
            className={controlClass}
          />
        </Field>
        {/* A long label wraps at 320 px rather than scroll the page sideways; `!` because cn
            does not merge classes and buttonVariants sets nowrap. */}
        <Button type="submit" size="lg" className="text-center whitespace-normal!">
          {button}
        </Button>
      </ManageForm>
    </>
  );
}

/** The change-plan link's page: one button, which opens Stripe's portal on the subscription. */
export function PortalForm() {
  return (
    <LinkTokenForm action="portal" copy={fieldCopy.planToken} button={CHANGE_PLAN_BUTTON_LABEL} />
  );
}

/**
 * The undo form. The link's token sits in the page's address, which only a script can copy into
 * the form; without one, the visitor pastes the link from the e-mail into the field.
 */
export function KeepForm() {
  return <LinkTokenForm action="keep" copy={fieldCopy.token} button={KEEP_BUTTON_LABEL} />;
}

/** The end-older link's page: one button, which ends the older subscription and refunds it. */
export function EndOlderForm() {
  return (
    <LinkTokenForm
      action="end_older"
      copy={fieldCopy.endOlderToken}
      button={END_OLDER_BUTTON_LABEL}
    />
  );
}
