/** Words a reader reads: whitespace-separated runs holding at least one letter or digit. */
export function countWords(text: string): number {
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/** The text of an HTML body as a reader sees it: no markup, no image alt text, no entities. */
export function htmlText(html: string): string {
  return html.replace(/<[^>]*>/g, " ").replace(/&#?\w+;/g, "");
}
