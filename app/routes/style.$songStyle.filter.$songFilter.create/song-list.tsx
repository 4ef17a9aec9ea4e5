// The batch being made: one card per song with its creation steps, and once complete its waveform, name,
// tempo and key, Save (with a name), Reject and a share link. Without JavaScript each song is a plain
// <audio controls>; with it, Play hands the song to the persistent player.
import { Link, useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import { formatSeconds, usePlayerActions, usePlayerState } from "~/components/player";
import { toPlayerSong, type SongSummaryJson } from "~/components/player/api";
import { CreationSteps } from "~/components/songs/creation-steps";
import { Waveform } from "~/components/songs/waveform";
import { SONG_NAME_MAX } from "~/utils/field-limits";

export interface ListedSong extends SongSummaryJson {
  peaks: number[] | null;
  saved: boolean;
}

export function SongList({ songs, entry }: { songs: ListedSong[]; entry: string }) {
  // After hydration the player takes over playback; before it (and without JS) the <audio> elements do.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <ul className="grid gap-4" aria-label="Your new songs">
      {songs.map((song, index) => (
        <SongCard key={song.id} song={song} position={index + 1} hydrated={hydrated} entry={entry} />
      ))}
    </ul>
  );
}

function SongCard({ song, position, hydrated, entry }: { song: ListedSong; position: number; hydrated: boolean; entry: string }) {
  const player = usePlayerState();
  const actions = usePlayerActions();
  const isCurrent = player.queue.current?.id === song.id;
  const progress = isCurrent && player.duration > 0 ? player.elapsed / player.duration : 0;
  const playable = toPlayerSong(song);

  if (song.status === "failed") {
    return (
      <li className="rounded-2xl border border-rose-500/30 bg-ink-900 p-5 text-sm text-rose-200" data-song-id={song.id}>
        Song {position} could not be made. The others are unaffected; create again for more.
      </li>
    );
  }
  if (song.status !== "complete" || !playable) {
    return (
      <li className="rounded-2xl border border-ink-700 bg-ink-900 p-5" data-song-id={song.id} data-status={song.status}>
        <p className="mb-3 text-sm font-semibold text-slate-200">Song {position}</p>
        <CreationSteps status={song.status === "complete" ? "recording_instrumental" : song.status} />
      </li>
    );
  }
  return (
    <li
      className={`rounded-2xl border bg-ink-900 p-5 ${isCurrent ? "border-brand-500" : "border-ink-700"}`}
      data-song-id={song.id}
      data-status="complete"
    >
      <div className="flex items-start gap-4">
        {hydrated ? (
          <button
            type="button"
            onClick={() => (isCurrent ? actions.togglePlay() : actions.play(playable))}
            aria-label={isCurrent && player.playing ? `Pause ${song.songName}` : `Play ${song.songName}`}
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-500 text-white hover:bg-brand-400"
          >
            <span aria-hidden="true">{isCurrent && player.playing ? "❚❚" : "▶"}</span>
          </button>
        ) : null}
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3">
            <h3 className="truncate text-base font-semibold text-white">{song.songName}</h3>
            <p className="text-xs text-slate-400">
              {[song.tempo ? `${song.tempo} BPM` : null, song.key, song.durationSeconds ? formatSeconds(song.durationSeconds) : null].filter(Boolean).join(" · ")}
            </p>
          </div>
          {song.peaks ? <Waveform peaks={song.peaks} progress={progress} className="mt-3 h-12 w-full" /> : null}
        </div>
      </div>
      {hydrated ? null : <audio controls preload="none" src={playable.audioUrl} className="mt-4 w-full" aria-label={`Listen to ${song.songName}`} />}
      <SongActions song={song} entry={entry} />
    </li>
  );
}

function SongActions({ song, entry }: { song: ListedSong; entry: string }) {
  const save = useFetcher<{ errors?: { form: string[] } }>();
  const reject = useFetcher();
  const saving = save.state !== "idle";
  const saveError = save.data?.errors?.form[0];
  return (
    <div className="mt-4 flex flex-wrap items-end gap-3 border-t border-ink-700 pt-4">
      {song.saved ? (
        <p className="flex items-center gap-2 text-sm font-semibold text-accent-300" data-testid="saved-badge">
          <span aria-hidden="true">✓</span> Saved to your library
        </p>
      ) : (
        <save.Form method="post" className="flex min-w-0 flex-1 flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="save" />
          <input type="hidden" name="entry" value={entry} />
          <input type="hidden" name="songId" value={song.id} />
          <label className="min-w-0 flex-1 text-xs font-medium text-slate-300">
            Song name
            <input
              type="text"
              name="songName"
              maxLength={SONG_NAME_MAX}
              defaultValue={song.songName === "New Song" ? "" : song.songName}
              placeholder={song.songName}
              className="mt-1 w-full rounded-full border border-ink-600 bg-ink-950 px-3 py-1.5 text-sm text-white placeholder:text-slate-500"
            />
          </label>
          <button type="submit" disabled={saving} className="rounded-full bg-accent-400 px-4 py-1.5 text-sm font-semibold text-ink-950 hover:bg-accent-300 disabled:opacity-50">
            {saving ? "Saving…" : "Save"}
          </button>
          {saveError ? (
            <p role="alert" className="w-full text-xs text-rose-300">
              {saveError}
            </p>
          ) : null}
        </save.Form>
      )}
      <div className="flex items-center gap-2">
        <Link to={`/s/${song.id}`} className="rounded-full border border-ink-600 px-4 py-1.5 text-sm font-semibold text-slate-200 hover:border-brand-400">
          Share
        </Link>
        {song.saved ? null : (
          <reject.Form method="post">
            <input type="hidden" name="intent" value="reject" />
            <input type="hidden" name="entry" value={entry} />
            <input type="hidden" name="songId" value={song.id} />
            <button type="submit" className="rounded-full border border-ink-600 px-4 py-1.5 text-sm font-semibold text-slate-300 hover:border-rose-400 hover:text-rose-200">
              Reject
            </button>
          </reject.Form>
        )}
      </div>
    </div>
  );
}
