import type { z } from "zod";
import { brand } from "~/config/brand";
import { consumerPhoneHref, legalConfig } from "~/config/legal-entity";
import {
  contentFile,
  legalFrontmatterSchema,
  readContentFile,
} from "~/content/collections.server";
import { parseFrontmatter, renderMarkdown } from "~/content/markdown.server";
import { revisedDate } from "~/content/revised-date.server";
import {
  tokenSourceModules,
  type FixedTokenName,
  type SiteTokenName,
} from "~/content/legal-token-sources";

export type LegalFrontmatter = z.infer<typeof legalFrontmatterSchema> & {
  slug: string;
  /**
   * The day the page's words last changed (revised-date.server.ts): its file or a module its
   * tokens quote. Never before `updated`.
   */
  revised: string;
};
export type LegalPage = LegalFrontmatter & { html: string };

/**
 * What only a configured build knows (app/data/legal-tokens.ts: contacts, billing rules, form
 * hosts): bodies may use these tokens, front matter not.
 */
export type SiteTokens = Readonly<Record<SiteTokenName, string>>;

function euRepresentativeSentence(): string {
  const representative = legalConfig.euRepresentative;
  if (!representative) {
    return "We have not appointed a representative in the European Union; contact us directly at the address above.";
  }
  return `Our representative in the European Union under Article 27 of the GDPR is ${representative.name}, ${representative.address}, who can be reached at [${representative.email}](mailto:${representative.email}) about anything in this policy.`;
}

/**
 * Legal copy names the brand, contacts and operator through tokens, so brand.ts, site.ts and
 * legal.ts stay their one source.
 */
export function fillTokens(source: string, tokens: Record<string, string>): string {
  return source.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => {
    const value = tokens[name];
    if (value === undefined) throw new Error(`Unknown content token ${whole}`);
    return value;
  });
}

// Tokens that need no configuration. The front matter may use only these, so the build scripts
// can read page metadata under plain Node, where app/config/site.ts does not load.
const fixedTokens = (): Record<FixedTokenName, string> => ({
  brand: brand.name,
  legalEntity: legalConfig.entityName,
  legalEntityDescription: legalConfig.entityDescription,
  postalAddress: legalConfig.postalAddress,
  governingLaw: legalConfig.governingLaw,
  venue: legalConfig.venue,
  privacyEmail: legalConfig.privacyEmail,
  copyrightEmail: legalConfig.copyrightEmail,
  copyrightAgent: `${legalConfig.copyrightAgent.name}, ${legalConfig.copyrightAgent.address}, telephone ${legalConfig.copyrightAgent.phone}, e-mail [${legalConfig.copyrightEmail}](mailto:${legalConfig.copyrightEmail})`,
  euRepresentative: euRepresentativeSentence(),
  consumerPhone: `[${legalConfig.consumerPhone.number}](${consumerPhoneHref}) (${legalConfig.consumerPhone.hours})`,
  priceChangeNoticeDays: String(legalConfig.priceChangeNoticeDays),
});

function readLegalSource(slug: string): { frontmatter: LegalFrontmatter; body: string } {
  const file = contentFile("legal", slug);
  const source = readContentFile("legal", slug);
  const { data, body } = parseFrontmatter(source, file);
  const fields =
    typeof data === "object" && data !== null
      ? Object.fromEntries(
          Object.entries(data).map(([key, value]) => [
            key,
            typeof value === "string" ? fillTokens(value, fixedTokens()) : value,
          ]),
        )
      : data;
  const result = legalFrontmatterSchema.safeParse(fields);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new Error(`${file}: frontmatter field "${issue?.path.join(".")}" ${issue?.message}`);
  }
  const revised = revisedDate(
    [file, ...tokenSourceModules([source])],
    result.data.updated,
  );
  return { frontmatter: { ...result.data, slug, revised }, body };
}

/** A legal page's title, description and date, for its metadata (app/site/pages.server.ts). */
export function getLegalFrontmatter(slug: string): LegalFrontmatter {
  return readLegalSource(slug).frontmatter;
}

export function getLegalPage(slug: string, site: SiteTokens): LegalPage {
  const { frontmatter, body } = readLegalSource(slug);
  return { ...frontmatter, html: renderMarkdown(fillTokens(body, { ...fixedTokens(), ...site })) };
}

/** A legal page's body as Markdown, every token filled: what the copy checks read. */
export function getLegalMarkdown(slug: string, site: SiteTokens): string {
  return fillTokens(readLegalSource(slug).body, { ...fixedTokens(), ...site });
}
