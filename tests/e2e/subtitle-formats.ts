// Strict readers for the subtitle downloads, written from each format's rules rather than from
// our writer, so a test that parses a file proves the file is valid, not just self-consistent.

export type ParsedCue = { start: number; end: number; text: string };

const seconds = (h: string | undefined, m: string, s: string, ms: string) =>
  Number(h ?? 0) * 3600 + Number(m) * 60 + Number(s) + Number(ms) / 1000;

/** SubRip: "n", "hh:mm:ss,mmm --> hh:mm:ss,mmm", text lines, blank line; n counts from 1. */
export function parseSrt(source: string): ParsedCue[] {
  if (source.includes("\r")) throw new Error("SRT: expected LF line endings");
  const blocks = source.replace(/\n+$/, "").split(/\n\n/);
  return blocks.map((block, index) => {
    const [counter, timing, ...text] = block.split("\n");
    if (counter !== String(index + 1))
      throw new Error(`SRT: cue ${index + 1} is numbered ${counter}`);
    const match =
      /^(\d{2}):([0-5]\d):([0-5]\d),(\d{3}) --> (\d{2}):([0-5]\d):([0-5]\d),(\d{3})$/.exec(
        timing ?? "",
      );
    if (!match) throw new Error(`SRT: bad timing line "${timing}"`);
    const [, h1, m1, s1, ms1, h2, m2, s2, ms2] = match;
    const cue = {
      start: seconds(h1, m1!, s1!, ms1!),
      end: seconds(h2, m2!, s2!, ms2!),
      text: text.join("\n"),
    };
    if (cue.end <= cue.start) throw new Error(`SRT: cue ${index + 1} ends before it starts`);
    if (text.length === 0 || text.some((line) => line.trim() === "")) {
      throw new Error(`SRT: cue ${index + 1} has no text or a blank line`);
    }
    return cue;
  });
}

const vttTime = /(?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3})/;

/** WebVTT: a "WEBVTT" signature line, a blank line, then cues (optional id, timing, text). */
export function parseVtt(source: string): ParsedCue[] {
  if (source.includes("\r")) throw new Error("VTT: expected LF line endings");
  const [header, ...rest] = source.replace(/\n+$/, "").split("\n\n");
  if (!/^WEBVTT(?:[ \t][^\n]*)?$/.test(header ?? "")) throw new Error("VTT: bad signature line");
  const cues: ParsedCue[] = [];
  for (const block of rest.filter((part) => part.trim() !== "")) {
    const lines = block.split("\n");
    const timingIndex = lines.findIndex((line) => line.includes("-->"));
    if (timingIndex < 0 || timingIndex > 1) throw new Error(`VTT: block without timing: ${block}`);
    const match = new RegExp(`^${vttTime.source} --> ${vttTime.source}(?: .*)?$`).exec(
      lines[timingIndex]!,
    );
    if (!match) throw new Error(`VTT: bad timing line "${lines[timingIndex]}"`);
    const [, h1, m1, s1, ms1, h2, m2, s2, ms2] = match;
    const text = lines.slice(timingIndex + 1);
    if (text.some((line) => line.includes("-->"))) throw new Error('VTT: "-->" in cue text');
    const cue = {
      start: seconds(h1, m1!, s1!, ms1!),
      end: seconds(h2, m2!, s2!, ms2!),
      text: text.join("\n"),
    };
    if (cue.end <= cue.start) throw new Error("VTT: a cue ends before it starts");
    const previous = cues.at(-1);
    if (previous && cue.start < previous.start) throw new Error("VTT: cues out of order");
    cues.push(cue);
  }
  return cues;
}
