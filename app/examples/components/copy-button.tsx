import { Copy } from "lucide-react";
import { Button } from "~/ui/button";

/** Selects an element's text, for a visitor to copy by hand. */
function selectContents(element: HTMLElement) {
  const range = document.createRange();
  range.selectNodeContents(element);
  const selection = window.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
}

/**
 * Copies `text` (exactly what `targetId`'s element shows) and confirms with a toast. Where the
 * clipboard is refused, the shown text is selected instead and the toast says how to copy it.
 * Hidden without JavaScript (public/noscript.css), where it could do nothing.
 */
export function CopyButton({
  text,
  targetId,
  what,
}: {
  text: string;
  targetId: string;
  /** What is copied, for the button's name and the toast: "the transcript". */
  what: string;
}) {
  async function onClick() {
    const { notify } = await import("~/lib/notify");
    try {
      await navigator.clipboard.writeText(text);
      void notify("success", "Copied", `You copied ${what}.`);
    } catch {
      const element = document.getElementById(targetId);
      if (element) selectContents(element);
      void notify(
        "info",
        "The text is selected",
        "Your browser blocked the clipboard. Press Ctrl+C (or ⌘C on a Mac) to copy it.",
      );
    }
  }

  return (
    <Button type="button" variant="outline" size="sm" onClick={onClick} data-requires-script="">
      <Copy aria-hidden="true" />
      Copy <span className="sr-only">{what}</span>
    </Button>
  );
}
