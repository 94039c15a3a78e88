import { escapeHtml, type OutgoingEmail } from "./email.ts";

// How the subscription e-mails are laid out: plain text and the same words in simple HTML, no
// images, no tracking, no rewritten links. Every value is escaped in the HTML.

export interface MailContext {
  brand: string;
  /** No trailing slash. */
  siteUrl: string;
  supportEmail: string;
}

/** One paragraph, optionally followed by one link on its own line. */
export type MailBlock = { text: string; link?: { label: string; url: string } };

/** "27 November 2026": a day, in UTC, spelled out so no reader mistakes the order. */
export function formatDay(date: Date): string {
  return new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(date);
}

/** "27 November 2026, 14:05:09 UTC". */
export function formatMoment(date: Date): string {
  return `${formatDay(date)}, ${date.toISOString().slice(11, 19)} UTC`;
}

export function renderMail(
  context: MailContext,
  message: { to: string; subject: string; kind: string; ref: string; blocks: MailBlock[] },
): OutgoingEmail {
  const text = [
    ...message.blocks.map((block) =>
      block.link === undefined
        ? block.text
        : `${block.text}\n${block.link.label}: ${block.link.url}`,
    ),
    `${context.brand}, ${context.siteUrl}`,
  ].join("\n\n");
  const html = [
    '<!doctype html><html lang="en"><body style="font-family:sans-serif;line-height:1.5">',
    ...message.blocks.map((block) => {
      const paragraph = `<p>${escapeHtml(block.text).replaceAll("\n", "<br>")}</p>`;
      return block.link === undefined
        ? paragraph
        : `${paragraph}<p><a href="${escapeHtml(block.link.url)}">${escapeHtml(block.link.label)}</a></p>`;
    }),
    `<p>${escapeHtml(context.brand)}, <a href="${escapeHtml(context.siteUrl)}">${escapeHtml(context.siteUrl)}</a></p>`,
    "</body></html>",
  ].join("\n");
  return {
    to: message.to,
    subject: message.subject,
    text,
    html,
    kind: message.kind,
    ref: message.ref,
  };
}
