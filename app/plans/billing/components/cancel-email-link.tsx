import { cancelEmailLabel, cancelMailto } from "~/plans/billing/subscription-terms";

/** `text` with its words "ready-made cancellation e-mail" linked to that prefilled e-mail. */
export function CancelEmailLink({ text, className }: { text: string; className?: string }) {
  const at = text.indexOf(cancelEmailLabel);
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <a href={cancelMailto} className={className} data-cancel-email="">
        {cancelEmailLabel}
      </a>
      {text.slice(at + cancelEmailLabel.length)}
    </>
  );
}
