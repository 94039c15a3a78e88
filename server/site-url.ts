/** The public origin: SITE_URL, or the local server's address when it is not set. */
export function resolveSiteUrl(env: Record<string, string | undefined>): string {
  const explicit = env.SITE_URL?.trim();
  if (explicit) return explicit.replace(/\/+$/, "");
  return `http://localhost:${resolvePort(env)}`;
}

export function resolvePort(env: Record<string, string | undefined>): number {
  const raw = env.PORT?.trim();
  if (!raw) return 3000;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a whole number from 0 to 65535, got "${raw}"`);
  }
  return port;
}
