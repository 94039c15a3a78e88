import { z } from "zod";
import { legalConfig } from "~/config/legal";
import { siteConfig } from "~/config/site";
import { readContentFile } from "~/lib/content-files.server";
import { parseFrontmatter, renderMarkdown } from "~/lib/markdown.server";

const legalFrontmatterSchema = z.object({
  title: z.string().min(1),
  description: z.string().min(50).max(170),
  updated: z.iso.date(),
});

export type LegalPage = z.infer<typeof legalFrontmatterSchema> & { slug: string; html: string };

function euRepresentativeSentence(): string {
  const representative = legalConfig.euRepresentative;
  if (!representative) {
    return "We have not appointed a representative in the European Union; contact us directly at the address above.";
  }
  return `Our representative in the European Union under Article 27 of the GDPR is ${representative.name}, ${representative.address}, who can be reached at [${representative.email}](mailto:${representative.email}) about anything in this policy.`;
}

/**
 * Legal copy names the brand, contacts and operator through tokens, so site.ts and legal.ts stay
 * their one source.
 */
export function fillTokens(source: string): string {
  const tokens: Record<string, string> = {
    brand: siteConfig.name,
    supportEmail: siteConfig.supportEmail,
    siteUrl: siteConfig.url,
    legalEntity: legalConfig.entityName,
    legalEntityDescription: legalConfig.entityDescription,
    postalAddress: legalConfig.postalAddress,
    governingLaw: legalConfig.governingLaw,
    venue: legalConfig.venue,
    privacyEmail: legalConfig.privacyEmail,
    copyrightEmail: legalConfig.copyrightEmail,
    euRepresentative: euRepresentativeSentence(),
    priceChangeNoticeDays: String(legalConfig.priceChangeNoticeDays),
  };
  return source.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => {
    const value = tokens[name];
    if (value === undefined) throw new Error(`Unknown content token ${whole}`);
    return value;
  });
}

export function getLegalPage(slug: string): LegalPage {
  const file = `content/legal/${slug}.md`;
  const { data, body } = parseFrontmatter(fillTokens(readContentFile("legal", slug)), file);
  const result = legalFrontmatterSchema.safeParse(data);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new Error(`${file}: frontmatter field "${issue?.path.join(".")}" ${issue?.message}`);
  }
  return { ...result.data, slug, html: renderMarkdown(body) };
}
