// The terms-of-use dialog (spec 3 §4). root.tsx renders it when its loader's getTermsDialog(user) is not
// null (the terms_of_use_enforce_for_all_users flag is on and the user has not accepted the current
// version). A plain form posting to /terms/accept, so it works without JavaScript: Accept records the
// acceptance and returns here; Cancel signs out.
import { Form, useLocation } from "@remix-run/react";
import { buttonClass } from "~/components/button";

export interface TermsDialogProps {
  terms: { termsId: string; version: number; body: string };
}

export function TermsDialog({ terms }: TermsDialogProps) {
  const location = useLocation();
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/70 p-4">
      <section
        role="dialog"
        aria-modal="true"
        aria-labelledby="terms-dialog-title"
        className="flex max-h-[85vh] w-full max-w-lg flex-col rounded-3xl border border-ink-700 bg-ink-900 p-6 shadow-2xl"
      >
        <h2 id="terms-dialog-title" className="text-xl font-bold text-white">
          Our terms of use have changed
        </h2>
        <p className="mt-1 text-sm text-slate-400">Please read and accept version {terms.version} to keep using Songloom.</p>
        <div className="mt-4 flex-1 space-y-3 overflow-y-auto rounded-xl border border-ink-700 bg-ink-950 p-4 text-sm leading-relaxed text-slate-300">
          {terms.body.split(/\n\s*\n/).map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
        <Form method="post" action="/terms/accept" className="mt-5 flex justify-end gap-3">
          <input type="hidden" name="termsId" value={terms.termsId} />
          <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
          <button type="submit" name="intent" value="cancel" className={buttonClass("ghost")}>
            Cancel and sign out
          </button>
          <button type="submit" name="intent" value="accept" className={buttonClass("primary")}>
            Accept
          </button>
        </Form>
      </section>
    </div>
  );
}
