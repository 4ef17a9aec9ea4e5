// Feedback for client-side navigations (spec 3 §2, §9): nothing for the first 400 ms, so quick pages
// never flash a loader; then a progress bar; after 10 s the timeout message with a retry link.
// Without JavaScript there are no client navigations and the browser's own loading indicator applies.
import { useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { buttonClass } from "~/components/button";
import { PAGE_LOAD_FAILED_MESSAGE, PAGE_LOAD_TIMEOUT_MS, PAGE_LOADER_DELAY_MS } from "~/constants";

type Phase = "quiet" | "loading" | "timed-out";

export function NavigationProgress() {
  const navigation = useNavigation();
  const [phase, setPhase] = useState<Phase>("quiet");
  const pending = navigation.state !== "idle";
  const target = navigation.location;
  // A form submission is not abandoned after 10 s: leaving it could hide whether it took effect.
  const isPageLoad = pending && (navigation.formMethod === undefined || navigation.formMethod.toUpperCase() === "GET");

  useEffect(() => {
    setPhase("quiet");
    if (!pending) return;
    const showLoader = window.setTimeout(() => setPhase("loading"), PAGE_LOADER_DELAY_MS);
    const giveUp = isPageLoad ? window.setTimeout(() => setPhase("timed-out"), PAGE_LOAD_TIMEOUT_MS) : undefined;
    return () => {
      window.clearTimeout(showLoader);
      window.clearTimeout(giveUp);
    };
  }, [pending, isPageLoad, target?.key]);

  if (phase === "quiet" || !target) return null;
  if (phase === "loading") {
    return (
      <div className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-brand-900/60" role="progressbar" aria-label="Loading page">
        <div className="h-full w-full origin-left animate-indeterminate bg-gradient-to-r from-brand-400 via-accent-400 to-brand-400" />
      </div>
    );
  }
  const retryHref = `${target.pathname}${target.search}${target.hash}`;
  return (
    <div className="fixed inset-x-0 top-20 z-50 flex justify-center px-4" role="alert">
      <div className="flex max-w-lg flex-col items-center gap-4 rounded-2xl border border-ink-600 bg-ink-900 p-6 text-center shadow-2xl shadow-black/50">
        <p className="text-base text-slate-100">{PAGE_LOAD_FAILED_MESSAGE}</p>
        {/* A full page load, not a client navigation: the stalled one may still be holding the router. */}
        <a href={retryHref} className={buttonClass("primary", "sm")}>
          Try again
        </a>
      </div>
    </div>
  );
}
