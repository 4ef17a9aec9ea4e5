// The promo banner of spec 3 §2: on Home it appears on the first scroll; on other pages it appears at
// most ADVERT_MAX_VIEWS times per browser, counted in local storage. It needs JavaScript (scrolling and
// local storage are browser things), so without it the banner simply never shows.
//
// The server always renders it hidden; `runAdvert` (advert-banner.script.ts) decides whether to show it.
// Hydrated pages call it from an effect on every navigation; pages a visitor gets without the Remix
// runtime (ADR 012) inline the same function as a small script right after the banner.
import { Link, useLocation, useMatches } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { buttonClass } from "~/components/button";
import { ADVERT_MAX_VIEWS } from "~/constants";
import { ADVERT_VIEWS_STORAGE_KEY, inlineAdvertScript, runAdvert } from "./advert-banner.script";

export { ADVERT_VIEWS_STORAGE_KEY } from "./advert-banner.script";

const HOME_ROUTE = "routes/_index";

/** Route ids without the banner: the pages it advertises, and the not-found and system pages. */
const ROUTES_WITHOUT_ADVERT = new Set(["routes/pricing", "routes/about", "routes/$", "routes/[_loader]", "routes/[_timeout]"]);

/** `inline`: the page is not hydrated, so the banner brings its own script. */
/** `nonce`: the response's CSP nonce, which the inline script needs to run (ADR 017). */
export function AdvertBanner({ inline = false, nonce }: { inline?: boolean; nonce?: string }) {
  const { key } = useLocation();
  const routeId = useMatches().at(-1)?.id ?? "";
  const banner = useRef<HTMLElement>(null);
  const isHome = routeId === HOME_ROUTE;
  const shown = !ROUTES_WITHOUT_ADVERT.has(routeId);

  // Once per page view: the location key changes on every navigation, even to the same path.
  useEffect(() => {
    if (!shown || !banner.current) return;
    return runAdvert(banner.current, isHome, ADVERT_MAX_VIEWS, ADVERT_VIEWS_STORAGE_KEY);
  }, [key, shown, isHome]);

  if (!shown) return null;
  return (
    <>
      <aside
        ref={banner}
        hidden
        aria-label="Songloom Pro"
        data-advert=""
        className="fixed inset-x-3 bottom-3 z-40 mx-auto flex max-w-2xl items-center gap-4 rounded-2xl border border-brand-500/40 bg-ink-900/95 p-4 shadow-2xl shadow-black/50 backdrop-blur sm:inset-x-6"
      >
        <span aria-hidden="true" className="hidden h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-gradient-to-br from-brand-500 to-accent-500 text-lg sm:flex">
          ★
        </span>
        <p className="text-sm text-slate-200">
          <strong className="font-semibold text-white">Go Pro:</strong> unlimited songs, 250 WAV downloads a month and
          every download format.
        </p>
        <Link to="/pricing" className={`${buttonClass("accent", "sm")} ml-auto shrink-0`}>
          See plans
        </Link>
        <button
          type="button"
          data-advert-dismiss=""
          className="shrink-0 rounded-full p-1.5 text-slate-400 hover:bg-ink-800 hover:text-white"
          aria-label="Dismiss"
        >
          <svg viewBox="0 0 20 20" className="h-4 w-4" aria-hidden="true">
            <path d="m5 5 10 10M15 5 5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </aside>
      {inline ? <script nonce={nonce} dangerouslySetInnerHTML={{ __html: inlineAdvertScript(isHome, ADVERT_MAX_VIEWS) }} /> : null}
    </>
  );
}
