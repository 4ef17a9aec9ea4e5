import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches } from "@remix-run/react";
import type { ReactNode } from "react";
import { AdvertBanner } from "~/components/advert-banner";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { NavigationProgress } from "~/components/navigation-progress";
import { PlayerBar, PlayerProvider } from "~/components/player";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { TermsDialog } from "~/components/terms-dialog";
import { getActiveFlags } from "~/server/flags.server";
import { getOptionalUser } from "~/server/guards.server";
import { paletteOf } from "~/server/palette.server";
import { getTermsDialog } from "~/server/terms.server";
import stylesheet from "~/tailwind.css";
import { chunkRetryScript } from "~/utils/chunk-retry";
import { useNonce } from "~/utils/nonce";
import { isStaticForVisitor } from "~/utils/page-handle";
import { useFlag, useOptionalUser, useRootData } from "~/utils/root-data";

/** The feature flags browser code reads (through useFlag); the rest stay on the server. */
export const CLIENT_FLAGS = ["show_advert_banner"] as const;

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const [user, activeFlags, palette] = await Promise.all([getOptionalUser(request), getActiveFlags(), paletteOf(request)]);
  return json({
    palette,
    user: user ? { displayName: user.displayName, isAdmin: user.isAdmin } : null,
    flags: activeFlags.filter((flag) => (CLIENT_FLAGS as readonly string[]).includes(flag)),
    /** The current terms of use while the user must accept them (spec 3 §4), else null. */
    termsDialog: await getTermsDialog(user),
  });
}

export function Layout({ children }: { children: ReactNode }) {
  const user = useOptionalUser();
  const showAdvert = useFlag("show_advert_banner");
  const termsDialog = useRootData()?.termsDialog;
  const palette = useRootData()?.palette ?? "dark";
  // Inline scripts run only with the response's CSP nonce (ADR 017).
  const nonce = useNonce();
  // Public pages reach visitors without the Remix runtime (ADR 012): they work fully without JavaScript,
  // and React, ReactDOM and Remix alone would be most of the page's weight.
  // Decided on the server only: a browser running this code is hydrated already and keeps its scripts.
  const staticPage = typeof document === "undefined" && isStaticForVisitor(useMatches(), user !== null);
  return (
    <html lang="en" className={palette} data-theme={palette} data-signed-in={user ? "true" : undefined}>
      <head>
        <meta charSet="utf-8" />
        {/* Before any module script, so a chunk that fails to load shows the retry page (app/utils/chunk-retry.ts). */}
        {staticPage ? null : <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: chunkRetryScript() }} />}
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={palette === "light" ? "#fbf7f7" : "#0d0a17"} />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only z-[60] rounded-full bg-accent-400 px-4 py-2 font-semibold text-ink-950 focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          Skip to content
        </a>
        <NavigationProgress />
        <PlayerProvider>
          <SiteHeader user={user} />
          <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
            {children}
          </main>
          <SiteFooter />
          {/* The persistent player sits outside <main> (and the provider around every route), so it keeps
              playing across navigations. */}
          {user ? <PlayerBar /> : null}
        </PlayerProvider>
        {showAdvert ? <AdvertBanner inline={staticPage} nonce={nonce} /> : null}
        {termsDialog ? <TermsDialog terms={termsDialog} /> : null}
        {staticPage ? null : (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export const meta: MetaFunction = () => [
  { title: "Songloom · Original songs in seconds" },
  {
    name: "description",
    content:
      "Make original songs in seconds with no musical skill: pick a style and a filter, then edit, add vocals, master and release to streaming services.",
  },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
