// The downloads panel of a song's options page (spec 2 §6, §9; docs/edit-flow.md "Files and downloads"):
// every format, with a download link when the plan has it and the plan that unlocks it when not, the
// WAV allowance left this month, and the WAV's prepare → download steps. Everything works without
// JavaScript: links download, "Prepare WAV" is a form whose post comes back to this page, and the page
// refreshes itself while the WAV is being prepared. With JavaScript the WAV state is polled in place.
import { Link } from "@remix-run/react";
import { buttonClass } from "~/components/button";
import { LockIcon } from "~/components/icons";
import type { SongDownloadsView } from "~/services/songs/downloads.server";
import { useWavExport } from "./wav-export";

export function SongDownloads({ downloads }: { downloads: SongDownloadsView }) {
  const { songId, formats, wavAllowance, planName } = downloads;
  const anyAllowed = formats.some((format) => format.allowed);
  return (
    <div className="mt-4 grid gap-4 text-sm" data-testid="song-downloads">
      {anyAllowed ? (
        <p className="text-slate-300">
          Your plan: <span className="font-semibold text-white">{planName}</span>.
          {wavAllowance ? (
            <>
              {" "}
              <span data-testid="wav-allowance">
                {wavAllowance.remaining} of {wavAllowance.limit} WAV downloads left this month
              </span>{" "}
              (resets on {wavAllowance.resetsOn}).
            </>
          ) : null}
        </p>
      ) : (
        <p data-testid="downloads-upgrade" className="w-fit max-w-md rounded-lg border border-brand-400/40 bg-ink-800/60 px-3 py-2 text-xs text-slate-200">
          Downloads are part of the Creator and Pro plans.{" "}
          <Link to="/pricing" className="font-semibold text-brand-300 underline hover:text-white">
            Upgrade to download
          </Link>
        </p>
      )}
      <ul className="grid gap-3">
        {formats.map((format) => (
          <li key={format.format} className="flex flex-wrap items-center justify-between gap-3">
            <span className="text-slate-200">{format.label}</span>
            {!format.allowed ? (
              <Link to="/pricing" className="inline-flex items-center gap-1 text-xs text-slate-400 hover:text-white" data-testid={`locked-${format.format}`}>
                <LockIcon /> {format.unlockedBy} plan
              </Link>
            ) : format.format === "wav" ? (
              <WavDownload downloads={downloads} />
            ) : (
              <a href={format.href} download className={buttonClass("secondary", "sm")}>
                Download {format.format === "stems" ? "stems" : format.label}
              </a>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

function WavDownload({ downloads }: { downloads: SongDownloadsView }) {
  const { songId, wavAllowance } = downloads;
  const { state, requesting, prepare } = useWavExport(songId, downloads.wav);
  const noneLeft = wavAllowance !== null && wavAllowance.remaining === 0;
  if (state.phase === "ready") {
    return noneLeft ? (
      <span className="text-xs text-amber-200">No WAV downloads left this month</span>
    ) : (
      <a href={state.url} download className={buttonClass("secondary", "sm")}>
        Download WAV
      </a>
    );
  }
  if (state.phase === "fetching") {
    return (
      <span role="status" className="text-slate-300" data-testid="wav-fetching">
        {/* Without JavaScript the page reloads until the WAV is ready. */}
        <noscript>
          <meta httpEquiv="refresh" content="2" />
        </noscript>
        Preparing the WAV…
      </span>
    );
  }
  return (
    <form
      method="post"
      action={`/api/song/${songId}/wav`}
      className="flex flex-wrap items-center justify-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        void prepare();
      }}
    >
      {state.phase === "error" ? (
        <span role="alert" className="text-xs text-rose-200">
          {state.message}
        </span>
      ) : null}
      <button type="submit" disabled={requesting} className={buttonClass("secondary", "sm")}>
        {requesting ? "Preparing…" : "Prepare WAV"}
      </button>
    </form>
  );
}
