// Apart from mailto.ts, which handles what visitors type, so a page that only offers a fixed
// e-mail (the footer's cancellation e-mail, on every page) does not load the contact form's code.

/**
 * A `mailto:` link with a fixed subject and body written by us. Each part is encoded with
 * encodeURIComponent (RFC 6068: a space is %20, never `+`), and line breaks become CRLF.
 */
export function fixedMailto(address: string, subject: string, body: string): string {
  const encode = (text: string) => encodeURIComponent(text.replace(/\r?\n/g, "\r\n"));
  return `mailto:${address}?subject=${encode(subject)}&body=${encode(body)}`;
}
