import { MESSAGES } from "../handler.ts";

// The one sentence a visitor (or the command) reads when no report can be drawn: the feed
// reader's own sentences, plus the check-up's for a document it could not read.
export const CHECK_MESSAGES = {
  ...MESSAGES,
  broken_xml:
    "That feed is not well-formed XML, so no directory can read it. Open it in your host's feed settings, fix the broken tag it names, and try again.",
  not_a_feed:
    "That address serves a web page or another document, not a podcast RSS feed. Paste the feed's own URL, usually ending in .xml or /feed.",
  feed_too_large:
    "That feed is larger than 5 MB, more than we read. Ask your host to list fewer old episodes in it.",
  feed_too_slow:
    "That feed took too long to answer or read. Try again in a moment; if it keeps happening, directories are likely waiting on it too.",
} as const satisfies Record<string, string>;

export type CheckCode = keyof typeof CHECK_MESSAGES;
