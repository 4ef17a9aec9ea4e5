import { Form, Link, useLocation } from "@remix-run/react";
import { useRootData } from "~/utils/root-data";
import { LogoMark } from "~/components/logo";

const FOOTER_LINKS = [
  { to: "/terms", label: "Terms" },
  { to: "/privacy", label: "Privacy" },
  { to: "/pricing", label: "Pricing" },
  { to: "/faqs", label: "FAQ" },
  { to: "/credits", label: "Credits" },
] as const;

export function SiteFooter() {
  const palette = useRootData()?.palette ?? "dark";
  const { pathname, search } = useLocation();
  const other = palette === "light" ? "dark" : "light";
  return (
    <footer className="border-t border-ink-700/70 bg-ink-950">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <div className="flex items-center gap-3">
          <LogoMark className="h-7 w-7" />
          <p className="text-sm text-ink-400">
            <span className="font-semibold text-slate-200">Songloom</span> · Original music, made by you in seconds.
          </p>
        </div>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="text-sm text-slate-400 hover:text-white">
                  {link.label}
                </Link>
              </li>
            ))}
            <li>
              {/* A plain form: the palette is a cookie the server renders with (app/routes/palette.tsx). */}
              <Form method="post" action="/palette" reloadDocument>
                <input type="hidden" name="palette" value={other} />
                <input type="hidden" name="redirectTo" value={`${pathname}${search}`} />
                <button type="submit" className="text-sm text-slate-400 underline-offset-2 hover:text-white hover:underline">
                  {other === "light" ? "Light palette" : "Dark palette"}
                </button>
              </Form>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
