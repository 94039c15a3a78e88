import { Menu, X } from "lucide-react";
import { useLocation } from "react-router";
import { buttonVariants } from "~/ui/button";
import { siteConfig } from "~/config/site";
import { cn } from "~/lib/cn";
import { BrandLogo } from "./brand-logo";
import { SmartLink } from "~/ui/smart-link";

const mobileMenuId = "mobile-menu";

function navLinkClass(isActive: boolean) {
  return cn(
    "rounded-md px-3 py-2 text-base font-medium hover:bg-muted hover:text-primary",
    isActive ? "text-primary underline decoration-2 underline-offset-8" : "text-foreground",
  );
}

function NavLinks({ pathname, block = false }: { pathname: string; block?: boolean }) {
  return siteConfig.mainNav.map((link) => {
    const isActive = link.href === pathname;
    return (
      <li key={link.href}>
        <a
          href={link.href}
          aria-current={isActive ? "page" : undefined}
          className={cn(navLinkClass(isActive), block && "block")}
        >
          {link.label}
        </a>
      </li>
    );
  });
}

/**
 * The site header. The mobile menu is a native popover (ADR 009): it opens and closes from the
 * first paint, with or without JavaScript; Escape and a tap outside close it and hand focus back
 * to the toggle, and the browser exposes the toggle's expanded state. CSS hides it on desktop.
 */
export function SiteHeader() {
  const { pathname } = useLocation();
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <a href="/" className="rounded-md text-foreground" aria-label={`${siteConfig.name} home`}>
          <BrandLogo />
        </a>
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            <NavLinks pathname={pathname} />
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          <span className="hidden sm:block">
            <SmartLink
              href={siteConfig.signupUrl}
              newTab
              className={buttonVariants({ size: "sm" })}
            >
              Sign up
            </SmartLink>
          </span>
          <button
            type="button"
            popoverTarget={mobileMenuId}
            aria-controls={mobileMenuId}
            className={cn(buttonVariants({ variant: "ghost", size: "icon" }), "md:hidden")}
          >
            <Menu aria-hidden="true" className="menu-toggle-open" />
            <X aria-hidden="true" className="menu-toggle-close" />
            <span className="sr-only">Menu</span>
          </button>
        </div>
      </div>
      <div id={mobileMenuId} popover="auto" className="mobile-menu bg-white">
        <nav aria-label="Mobile" className="mx-auto max-w-6xl px-4 py-3">
          <ul className="flex flex-col gap-1">
            <NavLinks pathname={pathname} block />
            <li className="pt-2">
              <SmartLink
                href={siteConfig.signupUrl}
                newTab
                className={cn(buttonVariants(), "w-full")}
              >
                Sign up
              </SmartLink>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
