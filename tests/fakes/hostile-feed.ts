/**
 * A feed shaped to be slow to parse, not large: one element with 360,000 attributes, about
 * 3 MB, under the 5 MB cap. Parsed on the main thread, it holds Node for 7–13 s.
 */
const HOSTILE_ATTRIBUTES = 360_000;

let made: string | undefined;

/** Built once per process: building it takes a busy machine half a second. */
export function manyAttributesFeed(): string {
  made ??= build(HOSTILE_ATTRIBUTES);
  return made;
}

function build(attributes: number): string {
  const names = Array.from({ length: attributes }, (_, i) => `a${i.toString(36)}=""`).join(" ");
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title ${names}>Slow to parse</title><item><pubDate>Tue, 03 Jun 2025 09:00:00 GMT</pubDate><enclosure url="https://cdn.fixture.test/1.mp3" type="audio/mpeg" length="1"/></item></channel></rss>`;
}
