import { siteConfig } from "~/config/site";

/** The support address as a mailto: link, set in bold inside running text. */
export function SupportEmailLink() {
  return (
    <a className="font-semibold text-primary underline" href={`mailto:${siteConfig.supportEmail}`}>
      {siteConfig.supportEmail}
    </a>
  );
}
