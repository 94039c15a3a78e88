import { TRADER } from "../../supabase/functions/_shared/contract.ts";

/**
 * Who operates the site, as the Terms of Service, Privacy Policy and Cookie Policy state it.
 *
 * EXAMPLE VALUES. Every value below is a plainly fictional stand-in ("Castloop Example, Inc.",
 * "Example City") for the business that runs the site to replace with its own before launch,
 * ideally with its lawyer. README.md (Configuration, "Legal pages") lists them. They are build
 * constants, not environment variables: they change with the legal text, not per deployment.
 * The name and postal address live in the contract's TRADER, since the confirmation e-mail's
 * model withdrawal form states them too.
 */
/**
 * Days of notice by e-mail before a new price applies to a subscription. Its own export too, so
 * the renewal note beside every checkout button can import it without the rest of this table.
 */
export const priceChangeNoticeDays = 30;

export const legalConfig = {
  /** The company customers contract with and the data controller. */
  entityName: TRADER.name,
  /** Its legal form and where it is registered, as it follows the name in a sentence. */
  entityDescription: "a Delaware corporation",
  /** Where it receives mail, including legal notices and copyright complaints. */
  postalAddress: TRADER.postalAddress,
  /** The law that governs the Terms, as it reads after "the laws of". */
  governingLaw: "the State of Delaware, United States",
  /** The courts that hear disputes, as they read after "exclusively in". */
  venue: "the state and federal courts located in New Castle County, Delaware",
  /** Privacy requests, questions about the Privacy and Cookie Policies. */
  privacyEmail: "privacy@castloop.com",
  /** Where copyright complaints (takedown notices) go. */
  copyrightEmail: "copyright@castloop.com",
  /**
   * The agent designated to receive copyright complaints (as registered with the US Copyright
   * Office under the DMCA): name, postal address and telephone; e-mail is `copyrightEmail`.
   */
  copyrightAgent: {
    name: "Copyright Agent, Castloop Example, Inc.",
    address: "1 Example Plaza, Suite 100, Example City, DE 19999, United States",
    phone: "+1 302 555 0100",
  },
  /**
   * While true, testimonials, star ratings and the "200+ creators" figure are marked as
   * illustrative at body size: a label above the testimonials, a qualifier beside the figure.
   * Set false only once they are real, consented testimonials and a counted figure.
   */
  sampleContent: true as boolean,
  /**
   * The representative in the European Union under Article 27 of the GDPR, which a controller
   * outside the EU that serves people in the EU must appoint; null when there is none.
   */
  euRepresentative: {
    name: "Example EU Representative B.V.",
    address: "1 Example Square, 1000 AA Amsterdam, the Netherlands",
    email: "eu-representative@castloop.com",
  } as { name: string; address: string; email: string } | null,
  /** Days of notice by e-mail before a new price applies to a subscription. */
  priceChangeNoticeDays,
} as const;
