import type { ComponentProps } from "react";

type SmartLinkProps = Omit<ComponentProps<"a">, "href"> & {
  href: string;
  /** Open in a new tab (the external sign-up and contact forms). */
  newTab?: boolean;
};

/**
 * A link to a site path or another URL; every navigation loads the document (ADR 009).
 * New-tab links get `rel="noopener noreferrer"` and a screen-reader hint.
 */
export function SmartLink({ href, newTab = false, children, ...props }: SmartLinkProps) {
  const tabProps = newTab ? { target: "_blank", rel: "noopener noreferrer" } : {};
  return (
    <a href={href} {...tabProps} {...props}>
      {children}
      {newTab ? <span className="sr-only"> (opens in a new tab)</span> : null}
    </a>
  );
}
