import { CircleAlert } from "lucide-react";
import { errorAnchor, MESSAGES } from "~/plans/manage/manage-copy";

/**
 * The refusals a form can come back with. The function sends a plain form back to its page at
 * `#error-<code>`; the matching note is the `:target`, which CSS shows, so no script is needed.
 */
export function FormErrorNotes({ codes }: { codes: readonly (keyof typeof MESSAGES)[] }) {
  return (
    <div>
      {codes.map((code) => (
        <p
          key={code}
          id={errorAnchor(code)}
          tabIndex={-1}
          className="mb-6 hidden scroll-mt-24 items-start gap-2 rounded-lg border-2 border-danger bg-white p-4 font-medium text-danger target:flex"
        >
          <CircleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <span>{MESSAGES[code]}</span>
        </p>
      ))}
    </div>
  );
}
