/** What the contact form puts into the e-mail. */
export type ContactMessage = { name: string; email: string; message: string };

export type ContactMailto = {
  href: string;
  /** True when the body was cut to keep the link within `maxLength`. */
  truncated: boolean;
  /** The complete body, for the clipboard when the link carries only part of it. */
  body: string;
};

export const shortenedNotes = {
  clipboard: "…(message shortened: the full text is on your clipboard)",
  manual: "…(message shortened: please paste the full text from the contact form)",
} as const;

// Mail clients and browsers drop mailto: links from about 1,600–2,083 characters on
// in practice; RFC 6068 itself sets no limit.
const defaultMaxLength = 1800;
const encodedEllipsis = encodeURIComponent("…");

/** Lone surrogates would make encodeURIComponent throw; the replacement character is what a browser shows. */
function wellFormed(text: string): string {
  return text.replace(
    /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
    "\uFFFD",
  );
}

/** A line break in a one-line field could start a new header line; a space keeps the text. */
function singleLine(text: string): string {
  return wellFormed(text).replace(/[\r\n\u0085\u2028\u2029]+/g, " ");
}

/** RFC 6068 wants line breaks in a body as CRLF (encoded %0D%0A). */
function crlf(text: string): string {
  return wellFormed(text).replace(/\r\n|\r|\n/g, "\r\n");
}

export function contactSubject(name: string): string {
  return `Contact Form Submission from ${singleLine(name)}`;
}

export function contactBody({ name, email, message }: ContactMessage): string {
  return [
    `Name: ${singleLine(name)}`,
    `Email: ${singleLine(email)}`,
    "Message:",
    crlf(message),
  ].join("\r\n");
}

/**
 * Encodes whole code points of `text` until `budget` characters are used, so the result never
 * ends inside a %XX escape or between the halves of a surrogate pair.
 */
function encodePrefix(text: string, budget: number): { encoded: string; complete: boolean } {
  let encoded = "";
  for (const char of text) {
    const next = encodeURIComponent(char);
    if (encoded.length + next.length > budget) {
      // Do not leave half of a CRLF behind.
      return { encoded: encoded.replace(/%0D$/, ""), complete: false };
    }
    encoded += next;
  }
  return { encoded, complete: true };
}

/**
 * Builds the `mailto:` link for a contact message. Subject and body are each encoded with
 * encodeURIComponent (never URLSearchParams, whose `+` for a space RFC 6068 does not know), so
 * no input can add a header or a recipient. The whole link stays within `maxLength`: past it,
 * the subject gets at most a quarter of the room and the body is cut and ends with `note`.
 */
export function buildContactMailto(
  values: ContactMessage,
  address: string,
  { maxLength = defaultMaxLength, note = shortenedNotes.clipboard as string } = {},
): ContactMailto {
  const subject = encodeURIComponent(contactSubject(values.name));
  const body = contactBody(values);
  const fullBody = encodeURIComponent(body);
  const head = `mailto:${address}?subject=`;
  const glue = "&body=";
  const full = `${head}${subject}${glue}${fullBody}`;
  if (full.length <= maxLength) return { href: full, truncated: false, body };

  const encodedNote = encodeURIComponent(`\r\n${note}`);
  const room = maxLength - head.length - glue.length;
  if (room - encodedNote.length < 100) {
    throw new RangeError(`A mailto: link to ${address} cannot fit in ${maxLength} characters`);
  }

  let shortSubject = subject;
  const subjectRoom = Math.floor((room - encodedNote.length) / 4);
  if (subject.length > subjectRoom) {
    const cut = encodePrefix(contactSubject(values.name), subjectRoom - encodedEllipsis.length);
    shortSubject = cut.encoded + encodedEllipsis;
  }
  // A long name alone may be what overflowed; then the body, which repeats it, may still fit.
  if (shortSubject.length + fullBody.length <= room) {
    return { href: `${head}${shortSubject}${glue}${fullBody}`, truncated: false, body };
  }
  const shortBody = encodePrefix(body, room - shortSubject.length - encodedNote.length).encoded;
  return {
    href: `${head}${shortSubject}${glue}${shortBody}${encodedNote}`,
    truncated: true,
    body,
  };
}
