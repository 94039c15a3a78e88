// What the site says the feed function keeps of a pasted feed: one of the statements
// billing-rules.ts tables and the feed field shows. It imports nothing, so the browser tests can
// read it outside Vite.

/**
 * What happens to a pasted feed: the feed function's cache keeps the feed's address with the
 * reading it answered (its `Cadence`, field by field below, or the refusal) for CACHE_TTL_MS.
 * feed-storage.test.ts fails when the reading gains a field this sentence does not name.
 */
export const feedStorage =
  "We fetch the feed once and keep what we read from it on our servers, under a one-way hash of its address, so a look at the same feed within 10 minutes does not fetch it again, then stop using it and delete it at our next clean-up: the show's title, its artwork's address, how many episodes it lists and how many of those are dated, future-dated or listed twice and which are trailers or bonus episodes, the medium it declares, whether it says the show is complete or asks to be left out of Apple Podcasts, whether it is one page of a longer list, its episodes in each of the last 12 months, its first and newest episode dates, their typical length, whether it offers transcripts and the pace we work out from these, or else the reason we could not read it; we never save the feed itself or use it for anything else.";
