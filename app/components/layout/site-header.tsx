import { Menu, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { NavLink, useLocation } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { siteConfig } from "~/config/site";
import { cn } from "~/lib/cn";
import { BrandLogo } from "./brand-logo";
import { SmartLink } from "./smart-link";

const desktopQuery = "(min-width: 768px)";

function navLinkClass({ isActive }: { isActive: boolean }) {
  return cn(
    "rounded-md px-3 py-2 text-base font-medium hover:bg-muted hover:text-primary",
    isActive ? "text-primary underline decoration-2 underline-offset-8" : "text-foreground",
  );
}

export function SiteHeader() {
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();

  // Close on navigation (state adjusted during render, as React recommends over an effect).
  const [menuPath, setMenuPath] = useState(pathname);
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setOpen(false);
  }

  // Close when the viewport grows to the desktop layout, where the menu is not shown.
  useEffect(() => {
    const query = window.matchMedia(desktopQuery);
    const onChange = () => {
      if (query.matches) setOpen(false);
    };
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);

  // While open, Escape closes the menu and Tab cycles between the toggle and the menu's links.
  useEffect(() => {
    if (!open) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === "Escape") {
        event.preventDefault();
        setOpen(false);
        toggleRef.current?.focus();
        return;
      }
      if (event.key !== "Tab") return;
      const links = Array.from(panelRef.current?.querySelectorAll<HTMLElement>("a") ?? []);
      const focusables = [toggleRef.current, ...links].filter((el): el is HTMLElement => !!el);
      const first = focusables[0];
      const last = focusables[focusables.length - 1];
      const active = document.activeElement;
      if (!focusables.includes(active as HTMLElement)) {
        event.preventDefault();
        first?.focus();
      } else if (event.shiftKey && active === first) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first?.focus();
      }
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open]);

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <NavLink
          to="/"
          className="rounded-md text-foreground"
          aria-label={`${siteConfig.name} home`}
        >
          <BrandLogo />
        </NavLink>
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {siteConfig.mainNav.map((link) => (
              <li key={link.href}>
                <NavLink to={link.href} end className={navLinkClass}>
                  {link.label}
                </NavLink>
              </li>
            ))}
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
            ref={toggleRef}
            type="button"
            className={cn(buttonVariants({ variant: "ghost", size: "icon" }), "md:hidden")}
            aria-expanded={open}
            aria-controls="mobile-menu"
            onClick={() => setOpen((value) => !value)}
          >
            {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
            <span className="sr-only">{open ? "Close menu" : "Open menu"}</span>
          </button>
        </div>
      </div>
      <div
        id="mobile-menu"
        ref={panelRef}
        hidden={!open}
        className="border-t border-border bg-white md:hidden"
      >
        <nav aria-label="Mobile" className="mx-auto max-w-6xl px-4 py-3">
          <ul className="flex flex-col gap-1">
            {siteConfig.mainNav.map((link) => (
              <li key={link.href}>
                <NavLink to={link.href} end className={(state) => cn(navLinkClass(state), "block")}>
                  {link.label}
                </NavLink>
              </li>
            ))}
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
