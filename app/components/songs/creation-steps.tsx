// A song's creation status as a four-step indicator (spec 1 §4: queue → composing_instrumental →
// recording_instrumental → complete), readable by screen readers as "step n of 4".
import { CREATION_STATUSES, type CreationStatus } from "~/components/player/queue";

export const STATUS_LABELS: Record<CreationStatus, string> = {
  queue: "Queued",
  composing_instrumental: "Composing",
  recording_instrumental: "Recording",
  complete: "Ready",
};

export function CreationSteps({ status }: { status: CreationStatus }) {
  const reached = CREATION_STATUSES.indexOf(status);
  return (
    <ol className="grid grid-cols-4 gap-1.5" aria-label={`Step ${reached + 1} of ${CREATION_STATUSES.length}: ${STATUS_LABELS[status]}`}>
      {CREATION_STATUSES.map((step, index) => {
        const state = index < reached || status === "complete" ? "done" : index === reached ? "active" : "todo";
        return (
          <li key={step} className="flex flex-col gap-1.5" aria-current={state === "active" ? "step" : undefined}>
            <span
              className={`h-1.5 overflow-hidden rounded-full ${state === "done" ? "bg-accent-400" : state === "active" ? "bg-brand-500/40" : "bg-ink-700"}`}
            >
              {state === "active" ? <span className="block h-full w-full animate-indeterminate bg-brand-400" /> : null}
            </span>
            <span className={`text-[11px] font-medium ${state === "todo" ? "text-slate-500" : "text-slate-300"}`}>{STATUS_LABELS[step]}</span>
          </li>
        );
      })}
    </ol>
  );
}
