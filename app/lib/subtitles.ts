/** A subtitle cue, in seconds from the start of the clip. */
export type Cue = { start: number; end: number; text: string };

/** "00:01:02,345" (SubRip) or "00:01:02.345" (WebVTT), from seconds. */
export function cueTime(seconds: number, separator: "," | "."): string {
  const millis = Math.round(seconds * 1000);
  const pad = (value: number, width = 2) => String(value).padStart(width, "0");
  const hours = Math.floor(millis / 3_600_000);
  const minutes = Math.floor((millis % 3_600_000) / 60_000);
  const secs = Math.floor((millis % 60_000) / 1000);
  return `${pad(hours)}:${pad(minutes)}:${pad(secs)}${separator}${pad(millis % 1000, 3)}`;
}

/** SubRip: numbered cues from 1, `-->` between times, a blank line after each cue. */
export function toSrt(cues: readonly Cue[]): string {
  return cues
    .map(
      (cue, index) =>
        `${index + 1}\n${cueTime(cue.start, ",")} --> ${cueTime(cue.end, ",")}\n${cue.text}\n`,
    )
    .join("\n");
}

/** WebVTT: the WEBVTT signature, a blank line, then cues separated by blank lines. */
export function toVtt(cues: readonly Cue[], title?: string): string {
  const header = title ? `WEBVTT - ${title}` : "WEBVTT";
  const body = cues
    .map(
      (cue, index) =>
        `${index + 1}\n${cueTime(cue.start, ".")} --> ${cueTime(cue.end, ".")}\n${cue.text}\n`,
    )
    .join("\n");
  return `${header}\n\n${body}`;
}
