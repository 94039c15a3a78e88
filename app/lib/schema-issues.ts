import type { z } from "zod";

/**
 * One schema issue as a sentence naming its field. Given the parsed `data`, a field absent from
 * it reads as missing rather than as the schema's type message.
 */
export function describeIssue(issue: z.core.$ZodIssue, data?: unknown): string {
  const field = issue.path.join(".");
  if (!field) return issue.message;
  const key = issue.path[0];
  const missing =
    data !== undefined && typeof data === "object" && data !== null && !(String(key) in data);
  return missing ? `field "${field}" is missing` : `field "${field}": ${issue.message}`;
}
