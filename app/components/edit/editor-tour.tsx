// The editor tour (docs/edit-flow.md): a short panel on the edit page, offered until the user's first edit
// (editorTourOffered). It is a list of plain links, so it reads and works the same with or without
// JavaScript, and a form that hides it for good: without JavaScript a normal post and redirect; with it a
// fetcher, the panel hidden at once and the focus moved to the page's next heading so it is not lost.
import { Link, useFetcher } from "@remix-run/react";
import { useEffect, useId, useRef } from "react";
import { buttonClass } from "~/components/button";

export const DISMISS_TOUR_INTENT = "dismiss_tour";

const STEPS = [
  { to: "", title: "Listen", text: "Press play in the song's header. After each change the song renders again, and the header plays the new version when it is ready." },
  { to: "production", title: "Change the sound", text: "Production swaps the ensemble, single instruments and the drum kit, and sets the mix." },
  { to: "notes", title: "Change the music", text: "Notes opens the piano roll; Arrangement reorders, repeats or removes the song's segments." },
  { to: "vocals", title: "Add a voice", text: "Vocals records or uploads your own take, or lets a generated voice sing your lyrics." },
  { to: "info", title: "Name it", text: "Info sets the song's name, artist name, tags and whether it is private." },
] as const;

export function EditorTour({ songId, afterDismiss }: { songId: string; afterDismiss: () => void }) {
  const fetcher = useFetcher();
  const headingId = useId();
  const dismissing = fetcher.state !== "idle" || fetcher.data !== undefined;
  const focusMoved = useRef(false);
  useEffect(() => {
    if (!dismissing || focusMoved.current) return;
    focusMoved.current = true;
    afterDismiss();
  }, [dismissing, afterDismiss]);
  if (dismissing) return null;
  return (
    <section aria-labelledby={headingId} data-testid="editor-tour" className="rounded-2xl border border-brand-400/40 bg-ink-900 p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id={headingId} className="text-lg font-semibold text-white">
          New to the editor? A quick tour
        </h2>
        <fetcher.Form method="post" action={`/edit/${songId}?index`}>
          <input type="hidden" name="intent" value={DISMISS_TOUR_INTENT} />
          <button type="submit" className={buttonClass("secondary", "sm")}>
            Hide the tour
          </button>
        </fetcher.Form>
      </div>
      <ol className="mt-3 grid list-decimal gap-2 pl-5 text-sm text-slate-300 marker:text-slate-500">
        {STEPS.map((step) => (
          <li key={step.title}>
            {step.to ? (
              <Link to={`/edit/${songId}/${step.to}`} className="font-semibold text-accent-300 underline hover:text-white">
                {step.title}
              </Link>
            ) : (
              <span className="font-semibold text-white">{step.title}</span>
            )}
            : {step.text}
          </li>
        ))}
      </ol>
      <p className="mt-3 text-xs text-slate-400">The tour stays here until you make your first edit, or hide it.</p>
    </section>
  );
}
