import type { ComponentProps } from "react";
import { Link } from "react-router";
import { isExternalUrl } from "~/config/site";

type SmartLinkProps = Omit<ComponentProps<"a">, "href"> & {
  href: string;
  /** Open in a new tab (the external sign-up and contact forms). */
  newTab?: boolean;
};

/**
 * A link that uses client-side navigation for site paths and a plain anchor for other URLs.
 * New-tab links get `rel="noopener noreferrer"` and a screen-reader hint.
 */
export function SmartLink({ href, newTab = false, children, ...props }: SmartLinkProps) {
  const tabProps = newTab ? { target: "_blank", rel: "noopener noreferrer" } : {};
  const content = (
    <>
      {children}
      {newTab ? <span className="sr-only"> (opens in a new tab)</span> : null}
    </>
  );
  if (isExternalUrl(href) || newTab) {
    return (
      <a href={href} {...tabProps} {...props}>
        {content}
      </a>
    );
  }
  return (
    <Link to={href} {...props}>
      {content}
    </Link>
  );
}
