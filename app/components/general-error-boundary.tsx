// The error page every route shares: `export function ErrorBoundary() { return <GeneralErrorBoundary />; }`.
// Thrown responses (`throw new Response(null, { status: 404 })`, guards' 403s) get a friendly page for
// their status; anything else is a bug and gets the 500 page (the details stay in the server log).
import { Link, isRouteErrorResponse, useLocation, useRouteError } from "@remix-run/react";
import type { ReactNode } from "react";
import { buttonClass } from "~/components/button";

interface StatusPage {
  title: string;
  message: string;
  /** The way forward besides going Home. */
  action?: (pathname: string) => { to: string; label: string };
}

export const STATUS_PAGES: Record<number, StatusPage> = {
  400: {
    title: "That request didn't look right",
    message: "Something in the address or the form was not what we expected. Check it and try again.",
  },
  401: {
    title: "Please sign in",
    message: "You need to be signed in to see this page.",
    action: (pathname) => ({ to: `/sign-in?redirectFrom=${encodeURIComponent(pathname)}`, label: "Sign in" }),
  },
  403: {
    title: "This page isn't available to you",
    message: "Your account doesn't have access to this page. If you think it should, contact support.",
  },
  404: {
    title: "We couldn't find that page",
    message: "The link may be broken, or the page may have moved or been removed.",
    action: () => ({ to: "/faqs", label: "Browse the FAQ" }),
  },
  500: {
    title: "Something went wrong on our side",
    message: "We've logged the problem and will look into it. Please try again in a moment.",
  },
};

export function GeneralErrorBoundary() {
  const error = useRouteError();
  const { pathname } = useLocation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error)) console.error(error);
  const page = STATUS_PAGES[status] ?? (status >= 500 ? STATUS_PAGES[500] : STATUS_PAGES[400]);
  const action = page.action?.(pathname);
  return (
    <ErrorPage status={status} title={page.title} message={page.message}>
      <Link to="/" className={buttonClass("primary")}>
        Go home
      </Link>
      {action ? (
        <Link to={action.to} className={buttonClass("secondary")}>
          {action.label}
        </Link>
      ) : null}
    </ErrorPage>
  );
}

export function ErrorPage({
  status,
  title,
  message,
  children,
}: {
  status: number;
  title: string;
  message: string;
  children: ReactNode;
}) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="bg-gradient-to-r from-brand-400 to-accent-400 bg-clip-text text-7xl font-black tracking-tight text-transparent">
        {status}
      </p>
      <h1 className="mt-4 text-3xl font-bold text-white">{title}</h1>
      <p className="mt-3 text-slate-400">{message}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">{children}</div>
    </section>
  );
}
