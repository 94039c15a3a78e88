// The one reading of "which inbox does this address reach", for every limit keyed on an e-mail
// address (and any look-up that must treat spellings of one inbox alike). Stripe and the
// e-mails still get the address as typed: this is a key, never an address to write to.

/** Providers that deliver every dot-spelling of a local part to one inbox. */
const DOTLESS_DOMAINS: ReadonlySet<string> = new Set(["gmail.com"]);
/** Domains that are another name for a canonical one. */
const DOMAIN_ALIASES: ReadonlyMap<string, string> = new Map([["googlemail.com", "gmail.com"]]);

/**
 * The domain as DNS knows it: IDNA (punycode) through the URL parser, which Node and Deno
 * both implement per WHATWG; a domain it refuses stays as written, lower case.
 */
function asciiDomain(domain: string): string {
  try {
    return new URL(`http://${domain}/`).hostname;
  } catch {
    return domain;
  }
}

/**
 * The canonical mailbox of an address: NFKC and lower case, no `+tag`, no trailing dot on the
 * domain, the domain in IDNA, `googlemail.com` read as `gmail.com`, and no dots in a Gmail
 * local part. `Ada.Lovelace+x@GoogleMail.com.` and `adalovelace@gmail.com` are one mailbox.
 */
export function canonicalMailbox(address: string): string {
  const folded = address.trim().normalize("NFKC").toLowerCase().normalize("NFKC");
  const at = folded.lastIndexOf("@");
  if (at < 0) return folded;
  let local = folded.slice(0, at);
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  const written = folded.slice(at + 1).replace(/\.+$/, "");
  const ascii = written === "" ? written : asciiDomain(written);
  const domain = DOMAIN_ALIASES.get(ascii) ?? ascii;
  if (DOTLESS_DOMAINS.has(domain)) local = local.replaceAll(".", "");
  return `${local}@${domain}`;
}
