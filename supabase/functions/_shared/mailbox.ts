// One inbox can be written many ways: `Jane@Example.com`, `jane+news@example.com`,
// `j.a.n.e@googlemail.com`, `jane@example.com.`. Whatever looks an address up or counts it
// compares this canonical form, never the address as typed.

const GMAIL_DOMAINS: ReadonlySet<string> = new Set(["gmail.com", "googlemail.com"]);

/** The domain in ASCII (IDNA), as DNS and mail servers read it; undefined when it is no domain. */
function asciiDomain(domain: string): string | undefined {
  try {
    const host = new URL(`http://${domain}/`).hostname;
    return host === "" || host.startsWith("[") ? undefined : host;
  } catch {
    return undefined;
  }
}

/**
 * The mailbox an address reaches: NFKC and lower case, no `+tag`, no trailing dot on the
 * domain, the domain in IDNA ASCII form, and for Gmail no dots in the local part and
 * `googlemail.com` as `gmail.com`. An address without exactly one `@` stays as lower case.
 */
export function canonicalMailbox(address: string): string {
  const normalized = address.normalize("NFKC").trim().toLowerCase();
  const at = normalized.lastIndexOf("@");
  if (at <= 0 || at === normalized.length - 1 || normalized.indexOf("@") !== at) {
    return normalized;
  }
  let local = normalized.slice(0, at);
  const rawDomain = normalized.slice(at + 1).replace(/\.+$/, "");
  let domain = asciiDomain(rawDomain) ?? rawDomain;
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    domain = "gmail.com";
    local = local.replaceAll(".", "");
  }
  return `${local}@${domain}`;
}
