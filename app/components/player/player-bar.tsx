// The persistent player's bar, fixed to the bottom of every page once something is playing or being made.
// Keyboard: every control is a labelled button or slider; Space plays and pauses anywhere in the bar
// except in text fields (and on buttons, where Space already presses the button).
import { useMatches } from "@remix-run/react";
import { useState, type KeyboardEvent } from "react";
import { usePlayerActions, usePlayerState } from "./player-provider";

export function formatSeconds(seconds: number): string {
  const whole = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

const iconButton =
  "inline-flex size-9 shrink-0 items-center justify-center rounded-full text-slate-200 transition-colors hover:bg-ink-700 hover:text-white disabled:opacity-40 disabled:hover:bg-transparent";

export function PlayerBar() {
  const { queue, context, playing, elapsed, duration, settings, error } = usePlayerState();
  const actions = usePlayerActions();
  const [showMore, setShowMore] = useState(false);
  const [renderNotes, setRenderNotes] = useState("");
  const song = queue.current;
  const making = queue.pending.length + queue.fetching;
  const renderingNew = useRenderingSongId() === song?.id && song !== null;
  if (!song && making === 0 && !queue.createError) return null;

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key !== " ") return;
    const target = event.target as HTMLElement;
    if (target.closest("button, textarea, select, input[type=text], a")) return;
    event.preventDefault();
    actions.togglePlay();
  }

  const progress = duration > 0 ? Math.min(100, (elapsed / duration) * 100) : 0;
  const statusLine =
    queue.createError ?? error ?? (making > 0 ? `Making ${making} ${making === 1 ? "song" : "songs"}…` : renderingNew ? "Rendering your changes… the new version plays when ready" : null);

  return (
    <>
      {/* Keeps the page's last lines clear of the fixed bar. */}
      <div aria-hidden="true" className="h-36 sm:h-24" />
      <section
        aria-label="Player"
        data-player-bar=""
        onKeyDown={onKeyDown}
        className="fixed inset-x-0 bottom-0 z-40 border-t border-ink-700 bg-ink-900/95 shadow-2xl shadow-black/60 backdrop-blur"
      >
        <div className="h-1 w-full bg-ink-800" aria-hidden="true">
          <div className="h-full bg-gradient-to-r from-brand-500 to-accent-400" style={{ width: `${progress}%` }} />
        </div>
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:flex-nowrap sm:px-6">
          <div className="flex min-w-0 flex-1 items-center gap-3 sm:w-60 sm:flex-none">
            <button
              type="button"
              onClick={actions.togglePlay}
              disabled={!song}
              aria-label={playing ? "Pause" : "Play"}
              className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-500 text-white hover:bg-brand-400 disabled:opacity-40"
            >
              {playing ? <PauseIcon /> : <PlayIcon />}
            </button>
            <div className="min-w-0">
              <p className="truncate text-sm font-semibold text-white" data-testid="player-song-name" data-song-id={song?.id}>
                {song ? song.songName : "Getting your songs ready"}
              </p>
              <p className="truncate text-xs text-slate-400">
                {song ? [song.artistName, context?.label].filter(Boolean).join(" · ") : context?.label}
              </p>
            </div>
          </div>

          <div className="order-last flex w-full items-center gap-2 sm:order-none sm:flex-1">
            <span className="w-10 text-right text-xs text-slate-400 tabular-nums" data-testid="player-elapsed">
              {formatSeconds(elapsed)}
            </span>
            <input
              type="range"
              aria-label="Seek"
              min={0}
              max={Math.max(1, Math.round(duration))}
              step={1}
              value={Math.round(elapsed)}
              disabled={!song}
              onChange={(event) => actions.seek(Number(event.target.value))}
              aria-valuetext={`${formatSeconds(elapsed)} of ${formatSeconds(duration)}`}
              className="h-1.5 flex-1 cursor-pointer accent-accent-400"
            />
            <span className="w-10 text-xs text-slate-400 tabular-nums" data-testid="player-duration">
              {formatSeconds(duration)}
            </span>
          </div>

          <div className="flex items-center gap-1">
            <button type="button" className={iconButton} onClick={actions.reject} disabled={!song} aria-label="Reject this song and play the next">
              <ThumbDownIcon />
            </button>
            <button type="button" className={iconButton} onClick={actions.next} disabled={queue.unplayed.length === 0} aria-label="Play next song">
              <NextIcon />
            </button>
            <button type="button" className={iconButton} onClick={actions.toggleMute} aria-label={settings.muted ? "Unmute" : "Mute"} aria-pressed={settings.muted}>
              {settings.muted ? <MutedIcon /> : <VolumeIcon />}
            </button>
            <input
              type="range"
              aria-label="Volume"
              min={0}
              max={100}
              value={settings.muted ? 0 : settings.volume}
              onChange={(event) => actions.setVolume(Number(event.target.value))}
              className="hidden h-1.5 w-20 cursor-pointer accent-brand-400 md:block"
            />
            <button
              type="button"
              className={iconButton}
              onClick={() => setShowMore((open) => !open)}
              aria-expanded={showMore}
              aria-controls="player-more"
              aria-label="More player options"
            >
              <MoreIcon />
            </button>
          </div>
        </div>

        {statusLine ? (
          <p role="status" className={`mx-auto max-w-6xl px-4 pb-2 text-xs sm:px-6 ${queue.createError || error ? "text-rose-300" : "text-slate-400"}`}>
            {statusLine}
          </p>
        ) : null}

        {showMore ? (
          <div id="player-more" className="mx-auto grid max-w-6xl gap-4 border-t border-ink-700 px-4 py-4 sm:grid-cols-3 sm:px-6">
            <label className="flex flex-col gap-1 text-xs text-slate-300">
              <span>
                Volume <span className="text-slate-500">{settings.volume}</span>
              </span>
              <input type="range" min={0} max={100} value={settings.volume} onChange={(event) => actions.setVolume(Number(event.target.value))} className="accent-brand-400" />
            </label>
            <label className="flex flex-col gap-1 text-xs text-slate-300">
              <span>
                Blend between songs <span className="text-slate-500">{settings.blend}</span>
              </span>
              <input type="range" min={0} max={100} value={settings.blend} onChange={(event) => actions.setBlend(Number(event.target.value))} className="accent-accent-400" />
            </label>
            <div className="flex flex-col gap-2 text-xs text-slate-300">
              <span>Another take on this song (1 song each)</span>
              <div className="flex flex-wrap gap-2">
                <VariationButton label="Rewrite" hint="New notes, same sound" onClick={() => actions.vary("rewrite")} disabled={!song || !context} />
                <VariationButton label="Reproduce" hint="Same notes, new sound" onClick={() => actions.vary("reproduce")} disabled={!song || !context} />
              </div>
              <form
                className="flex gap-2"
                onSubmit={(event) => {
                  event.preventDefault();
                  actions.vary("render", renderNotes);
                  setRenderNotes("");
                }}
              >
                <input
                  type="text"
                  value={renderNotes}
                  onChange={(event) => setRenderNotes(event.target.value)}
                  placeholder="Notes, e.g. darker, more piano"
                  aria-label="Notes for a new render"
                  className="min-w-0 flex-1 rounded-full border border-ink-600 bg-ink-950 px-3 py-1.5 text-xs text-white placeholder:text-slate-500"
                />
                <button type="submit" disabled={!song || !context} className="rounded-full border border-ink-600 px-3 py-1.5 font-semibold hover:border-accent-400 disabled:opacity-40">
                  Render
                </button>
              </form>
            </div>
            <p className="text-xs text-slate-500 sm:col-span-3">
              {queue.unplayed.length} up next · {queue.pending.length} being made · {queue.played.length} played
            </p>
          </div>
        ) : null}
      </section>
    </>
  );
}

function VariationButton({ label, hint, onClick, disabled }: { label: string; hint: string; onClick: () => void; disabled: boolean }) {
  return (
    <button type="button" onClick={onClick} disabled={disabled} title={hint} className="rounded-full border border-ink-600 px-3 py-1.5 font-semibold hover:border-accent-400 disabled:opacity-40">
      {label}
      <span className="sr-only">: {hint}</span>
    </button>
  );
}

const svg = { width: 20, height: 20, viewBox: "0 0 24 24", fill: "currentColor", "aria-hidden": true } as const;
const PlayIcon = () => (
  <svg {...svg}>
    <path d="M8 5.5v13a1 1 0 0 0 1.5.86l10.2-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5Z" />
  </svg>
);
const PauseIcon = () => (
  <svg {...svg}>
    <rect x="6" y="5" width="4" height="14" rx="1" />
    <rect x="14" y="5" width="4" height="14" rx="1" />
  </svg>
);
const NextIcon = () => (
  <svg {...svg}>
    <path d="M5 6.3v11.4a.8.8 0 0 0 1.25.66L14.5 12.7a.8.8 0 0 0 0-1.32L6.25 5.64A.8.8 0 0 0 5 6.3Z" />
    <rect x="16" y="5.5" width="3" height="13" rx="1" />
  </svg>
);
const ThumbDownIcon = () => (
  <svg {...svg}>
    <path d="M15 3H6.3a2 2 0 0 0-1.97 1.66l-1.3 7.5A2 2 0 0 0 5 14.5h5.3l-.8 3.9a1.7 1.7 0 0 0 .46 1.55l.64.55 5.9-6.1c.33-.35.5-.8.5-1.3V5a2 2 0 0 0-2-2Zm4 0v11h3V3h-3Z" />
  </svg>
);
const VolumeIcon = () => (
  <svg {...svg}>
    <path d="M4 9v6h4l5 4V5L8 9H4Zm12.5 3a4.5 4.5 0 0 0-2.5-4v8a4.5 4.5 0 0 0 2.5-4Z" />
  </svg>
);
const MutedIcon = () => (
  <svg {...svg}>
    <path d="M4 9v6h4l5 4V5L8 9H4Zm12.3.3 1.4-1.4L20 10.2l2.3-2.3 1.4 1.4-2.3 2.3 2.3 2.3-1.4 1.4-2.3-2.3-2.3 2.3-1.4-1.4 2.3-2.3-2.3-2.3Z" />
  </svg>
);
const MoreIcon = () => (
  <svg {...svg}>
    <circle cx="5" cy="12" r="2" />
    <circle cx="12" cy="12" r="2" />
    <circle cx="19" cy="12" r="2" />
  </svg>
);

/**
 * The song an edit page is rendering a new version of (its layout's `latest` still queued or rendering),
 * so the bar can say so where the listener looks: the edit page's own notice may be off-screen.
 */
function useRenderingSongId(): string | null {
  const layout = useMatches().find((match) => match.id === "routes/edit.$songId")?.data as
    | { song?: { id: string }; latest?: { status: string } | null }
    | undefined;
  const status = layout?.latest?.status;
  return layout?.song && (status === "queue" || status === "rendering") ? layout.song.id : null;
}
