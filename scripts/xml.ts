const xmlEntities: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

/** Text or attribute content for XML (RSS, sitemap). */
export const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => xmlEntities[c] ?? c);
