// What review decided about a release, as its owner sees it (issue 18 item 5): live, approved, rejected
// with the reviewer's message, or sent back with the fields to fix. Plain markup: works without JavaScript.
import { Link } from "@remix-run/react";
import { buttonClass } from "~/components/button";
import { readIssues } from "~/services/review/fields";

export function ReviewNotice({ releaseId, status, issues, editable }: { releaseId: string; status: number | null; issues: Record<string, string> | null; editable: boolean }) {
  const { message, flags } = readIssues(issues);
  if (status === 3) {
    return (
      <section data-testid="review-notice" aria-labelledby="review-notice-heading" className="mt-4 rounded-xl border border-amber-400/50 bg-amber-950/30 px-4 py-3 text-sm text-amber-100">
        <h2 id="review-notice-heading" className="font-semibold">
          Needs corrections before it can go to the stores
        </h2>
        {message ? <p className="mt-1">Our reviewer wrote: “{message}”</p> : null}
        {flags.length > 0 ? (
          <ul aria-label="What to fix" className="mt-2 list-inside list-disc">
            {flags.map((flag) => (
              <li key={flag.field}>
                {flag.label}
                {flag.note ? `: ${flag.note}` : ""}
              </li>
            ))}
          </ul>
        ) : null}
        {editable ? (
          <Link to={`/release/${releaseId}/edit`} className={`${buttonClass("primary", "sm")} mt-3`}>
            Fix and resubmit
          </Link>
        ) : null}
      </section>
    );
  }
  if (status === 2) {
    return (
      <section data-testid="review-notice" aria-labelledby="review-notice-heading" className="mt-4 rounded-xl border border-rose-500/50 bg-rose-950/30 px-4 py-3 text-sm text-rose-100">
        <h2 id="review-notice-heading" className="font-semibold">
          This release was not approved
        </h2>
        {message ? <p className="mt-1">Our reviewer wrote: “{message}”</p> : null}
        {editable ? <p className="mt-1">You can change it and submit it again.</p> : null}
      </section>
    );
  }
  if (status === 1 || status === 4) {
    return (
      <p data-testid="review-notice" role="status" className="mt-4 rounded-xl border border-accent-400/40 bg-ink-900 px-4 py-3 text-sm text-accent-200">
        {status === 1 ? "Live: your release is on the stores." : "Approved: your release is on its way to the stores."}
      </p>
    );
  }
  return null;
}

/** One line for a list: the reviewer's message, or the fields to fix. */
export function reviewSummary(status: number | null, issues: Record<string, string> | null): string | null {
  if (status !== 2 && status !== 3) return null;
  const { message, flags } = readIssues(issues);
  const fix = flags.length > 0 ? `Fix: ${flags.map((flag) => flag.label).join(", ")}.` : "";
  return [message, fix].filter(Boolean).join(" ") || null;
}
