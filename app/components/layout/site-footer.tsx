import { siteConfig } from "~/config/site";
import {
  cancelLabel,
  cancelPath,
  changePlanLabel,
  changePlanPath,
  portalLabel,
  withdrawLabel,
  withdrawPath,
} from "~/plans/billing/subscription-terms";
import { BrandLogo } from "./brand-logo";

export function SiteFooter() {
  return (
    <footer className="bg-ink text-ink-foreground">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-[1.5fr_repeat(3,1fr)]">
        <div>
          <a href="/" className="rounded-md" aria-label={`${siteConfig.name} home`}>
            <BrandLogo inverse />
          </a>
          <p className="mt-4 max-w-xs text-sm leading-6 text-ink-muted">{siteConfig.tagline}.</p>
          <p className="mt-4 text-sm text-ink-muted">
            <a href={`mailto:${siteConfig.supportEmail}`} className="underline underline-offset-4">
              {siteConfig.supportEmail}
            </a>
          </p>
          {/* Leaving is one page and one button away from every page, with no sign-in. */}
          <nav aria-label="Your subscription" className="mt-3">
            <ul className="space-y-1 text-sm">
              <li>
                <a
                  href={cancelPath}
                  className="inline-block py-1.5 font-semibold text-white underline underline-offset-4"
                  data-cancel-link=""
                >
                  {cancelLabel}
                </a>
              </li>
              <li>
                <a
                  href={changePlanPath}
                  className="inline-block py-1.5 font-semibold text-white underline underline-offset-4"
                  data-change-plan-link=""
                >
                  {changePlanLabel}
                </a>
              </li>
              <li>
                <a
                  href={withdrawPath}
                  className="inline-block py-1.5 font-semibold text-white underline underline-offset-4"
                  data-withdraw-link=""
                >
                  {withdrawLabel}
                </a>
              </li>
              {siteConfig.billingPortalUrl ? (
                <li>
                  <a
                    href={siteConfig.billingPortalUrl}
                    className="inline-block py-1.5 text-ink-muted underline underline-offset-4 hover:text-white"
                  >
                    {portalLabel}
                  </a>
                </li>
              ) : null}
            </ul>
          </nav>
        </div>
        {siteConfig.footerNav.map((group) => (
          <nav key={group.title} aria-label={group.title}>
            <h2 className="text-sm font-semibold tracking-wide uppercase">{group.title}</h2>
            <ul className="mt-4 space-y-1">
              {group.links.map((link) => (
                <li key={link.href}>
                  <a
                    href={link.href}
                    className="inline-block py-1.5 text-sm text-ink-muted hover:text-white hover:underline"
                  >
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-white/15">
        <p className="mx-auto max-w-6xl px-4 py-6 text-sm text-ink-muted sm:px-6">
          © {import.meta.env.BUILD_YEAR} {siteConfig.name}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
