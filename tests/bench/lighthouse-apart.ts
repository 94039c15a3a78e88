import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { installApart } from "../tools/install-apart.ts";

/** The Lighthouse the bench measures with, installed apart (ADR 008). */
export const lighthouseVersion = "13.5.0";

/** The part of a Lighthouse result the bench reads. */
export type LighthouseResult = {
  lhr: {
    runtimeError?: { code: string };
    environment: { benchmarkIndex: number };
    audits: Record<string, { numericValue?: number; score: number | null; details?: unknown }>;
    categories: Record<
      string,
      { score: number | null; auditRefs: { id: string; weight: number }[] }
    >;
  };
};
type Lighthouse = (
  url: string,
  flags: { port: number; output: "json"; logLevel: "error" },
  config?: unknown,
) => Promise<LighthouseResult | undefined>;

/** Lighthouse's Node API and its desktop preset, from `.cache/lighthouse`. */
export async function loadLighthouse(): Promise<{
  lighthouse: Lighthouse;
  desktopConfig: unknown;
}> {
  const dir = installApart("lighthouse", lighthouseVersion);
  const load = async (path: string) =>
    ((await import(pathToFileURL(join(dir, path)).href)) as { default: unknown }).default;
  return {
    lighthouse: (await load("core/index.js")) as Lighthouse,
    desktopConfig: await load("core/config/desktop-config.js"),
  };
}
