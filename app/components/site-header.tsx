import { Form, Link, useLocation } from "@remix-run/react";
import { buttonClass } from "~/components/button";
import { LogoMark } from "~/components/logo";
import type { RootData } from "~/utils/root-data";

/** `sections`: the URL prefixes the item stands for (/create redirects into /style/...). */
const NAV_ITEMS = [
  { to: "/create", label: "Create", sections: ["/create", "/style"] },
  { to: "/library", label: "Library", sections: ["/library"] },
  { to: "/pricing", label: "Pricing", sections: ["/pricing", "/about"] },
  { to: "/faqs", label: "FAQ", sections: ["/faqs"] },
] as const;

function navLinkClass(isActive: boolean) {
  return `rounded-full px-3.5 py-2 text-sm font-medium transition-colors ${
    isActive ? "bg-ink-800 text-white" : "text-slate-300 hover:bg-ink-800/70 hover:text-white"
  }`;
}

function MainNavLinks({ itemClass = "" }: { itemClass?: string }) {
  const { pathname } = useLocation();
  return NAV_ITEMS.map((item) => {
    const current = item.sections.some((section) => pathname === section || pathname.startsWith(`${section}/`));
    return (
      <li key={item.to}>
        <Link
          to={item.to}
          prefetch="intent"
          aria-current={current ? "page" : undefined}
          className={`${itemClass} ${navLinkClass(current)}`}
        >
          {item.label}
        </Link>
      </li>
    );
  });
}

export function SiteHeader({ user }: { user: RootData["user"] }) {
  return (
    <header className="sticky top-0 z-30 border-b border-ink-700/70 bg-ink-950/85 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 sm:px-6">
        <Link to="/" className="flex items-center gap-2.5 rounded-lg" aria-label="Songloom home">
          <LogoMark />
          <span className="text-lg font-bold tracking-tight text-white">Songloom</span>
        </Link>

        <nav aria-label="Main" className="ml-4 hidden md:block">
          <ul className="flex items-center gap-1">
            <MainNavLinks />
          </ul>
        </nav>

        <div className="ml-auto flex items-center gap-2">
          {user ? (
            <UserMenu user={user} />
          ) : (
            <>
              <Link to="/sign-in" className={buttonClass("ghost", "sm")}>
                Sign in
              </Link>
              <Link to="/sign-up" className={buttonClass("primary", "sm")}>
                Sign up
              </Link>
            </>
          )}
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}

/**
 * A <details> disclosure, so the menu opens without JavaScript. Navigating closes it: the key changes
 * with the location, which remounts it closed.
 */
function UserMenu({ user }: { user: NonNullable<RootData["user"]> }) {
  const location = useLocation();
  const initial = user.displayName.trim().charAt(0).toUpperCase() || "?";
  return (
    <details key={location.key} className="group relative">
      <summary
        className="flex items-center gap-2 rounded-full border border-ink-700 bg-ink-900 py-1 pr-3 pl-1 text-sm text-slate-200 hover:border-brand-400"
        aria-label={`Account menu for ${user.displayName}`}
      >
        <span
          aria-hidden="true"
          className="flex h-7 w-7 items-center justify-center rounded-full bg-gradient-to-br from-brand-500 to-accent-500 text-xs font-bold text-white"
        >
          {initial}
        </span>
        <span className="hidden max-w-32 truncate sm:inline">{user.displayName}</span>
        <ChevronIcon />
      </summary>
      <div className="absolute right-0 mt-2 w-52 overflow-hidden rounded-xl border border-ink-700 bg-ink-900 py-1 shadow-xl shadow-black/40">
        <ul>
          <li>
            <Link to="/account" className="block px-4 py-2 text-sm text-slate-200 hover:bg-ink-800">
              Account
            </Link>
          </li>
          {user.isAdmin ? (
            <li>
              <Link to="/admin" className="block px-4 py-2 text-sm text-slate-200 hover:bg-ink-800">
                Admin
              </Link>
            </li>
          ) : null}
        </ul>
        <Form method="post" action="/sign-out" className="border-t border-ink-700">
          <button type="submit" className="block w-full px-4 py-2 text-left text-sm text-slate-200 hover:bg-ink-800">
            Sign out
          </button>
        </Form>
      </div>
    </details>
  );
}

function MobileMenu() {
  const location = useLocation();
  return (
    <details key={location.key} className="relative md:hidden">
      <summary className="rounded-full p-2 text-slate-200 hover:bg-ink-800" aria-label="Menu">
        <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true">
          <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </summary>
      <nav
        aria-label="Main"
        className="absolute right-0 mt-2 w-48 rounded-xl border border-ink-700 bg-ink-900 p-2 shadow-xl shadow-black/40"
      >
        <ul className="flex flex-col gap-1">
          <MainNavLinks itemClass="block" />
        </ul>
      </nav>
    </details>
  );
}

function ChevronIcon() {
  return (
    <svg viewBox="0 0 20 20" className="h-4 w-4 transition-transform group-open:rotate-180" aria-hidden="true">
      <path d="m5 8 5 5 5-5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}
