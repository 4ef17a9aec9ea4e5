// The edit flow's layout, /edit/{songId}/* (spec 1 §2 Edit flow; docs/edit-flow.md): the song header
// with a player, the tabs of the edit pages, and the progress of the newest edit's render, then the page.
//
// The guard runs here and again in every child page's loader and action (loaders run in parallel, so a
// child cannot rely on this one). While an edit renders, the layout follows it: with JavaScript it asks
// GET /api/song/{id}/version?wait=N, which answers once the render finishes, and then revalidates every
// loader; without JavaScript a <noscript> meta refresh reloads the page.
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, NavLink, Outlet, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { formatSeconds, usePlayerActions, usePlayerState } from "~/components/player";
import { playerSong } from "~/components/player/api";
import { Waveform } from "~/components/songs/waveform";
import { getFilter, getStyle } from "~/engine/catalogue";
import { UNNAMED_SONG } from "~/models/song.server";
import { latestVersion, latestVersionSummary, loadSongForEditPage, prepareForEditing } from "~/services/songs/edit.server";
import { apiFetch } from "~/utils/api-client";
import { isEditPreview, playUrlFor, renderFollowed, wholeVersionUrl, type FollowedVersionStatus } from "~/components/edit/follow-render";

/** How long the layout waits before asking again when asking whether an edit has finished failed. */
const VERSION_POLL_MS = 500;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { song, editable, readOnlyReason } = await loadSongForEditPage(request, params.songId);
  // The owner is about to edit: the song's first edit should re-render as quickly as the next.
  const latest = await latestVersion(song.id);
  await prepareForEditing(song, editable, latest);
  return json({
    song: {
      id: song.id,
      songName: song.songName,
      unnamed: song.songName === UNNAMED_SONG,
      artistName: song.artistName,
      style: catalogueName(() => getStyle(song.style).name, song.style),
      filter: catalogueName(() => getFilter(song.filter).name, song.filter),
      tempo: song.tempo,
      key: song.key,
      durationSeconds: song.durationSeconds,
      peaks: song.wavePreview,
      version: song.version,
      // The version in the URL keeps a browser from playing a cached earlier render.
      audioUrl: song.status === "complete" && song.media ? wholeVersionUrl(song.id, song.version) : null,
      compositionId: song.compositionId,
      productionId: song.productionId,
    },
    editable,
    readOnlyReason,
    latest: latest ? latestVersionSummary(latest) : null,
  });
}

function catalogueName(lookup: () => string, fallback: string): string {
  try {
    return lookup();
  } catch {
    return fallback;
  }
}

type LayoutData = ReturnType<typeof useLoaderData<typeof loader>>;
type LatestVersion = LayoutData["latest"];

const TABS = [
  { to: "", label: "Options", end: true },
  { to: "info", label: "Info" },
  { to: "production", label: "Production" },
  { to: "notes", label: "Notes" },
  { to: "arrangement", label: "Arrangement" },
  { to: "vocals", label: "Vocals" },
] as const;

export default function EditSongLayout() {
  const { song, latest } = useLoaderData<typeof loader>();
  const rendering = latest !== null && (latest.status === "queue" || latest.status === "rendering");
  const answer = useFollowRender(song.id, song.version, latest);
  const title = song.unnamed ? `${song.filter} song` : song.songName;
  // What Play plays: the newest edit's first seconds while the rest of it renders, else the version the song
  // plays, from the version API's answer as soon as it comes. The old version, if playing, plays on; the
  // first seconds give way to the whole when it is ready.
  const playUrl = playUrlFor({ songId: song.id, version: song.version, audioUrl: song.audioUrl, latest }, answer);
  useHandOverFromPreview(song, title, playUrl);
  // Renamed on the info page: the player bar shows the new name too.
  const { renamed } = usePlayerActions();
  useEffect(() => renamed(song.id, title, song.artistName ?? ""), [renamed, song.id, title, song.artistName]);

  return (
    // On a phone the header is compact (no breadcrumb: the site's menu has the library; smaller padding, one
    // line of details, a shorter waveform) so each edit page's own primary action is on the first screen,
    // not pushed below it by the song's header.
    <div className="mx-auto max-w-6xl px-4 py-4 sm:px-6 sm:py-10">
      {rendering ? (
        <noscript>
          <meta httpEquiv="refresh" content="3" />
        </noscript>
      ) : null}
      <nav aria-label="Breadcrumb" className="hidden text-sm text-slate-400 sm:block">
        <Link to="/library" className="hover:text-white">
          Library
        </Link>
        <span aria-hidden="true"> / </span>
        <span className="text-slate-200">Edit</span>
      </nav>
      <header className="rounded-2xl border border-ink-700 bg-ink-900 p-3 sm:mt-4 sm:p-5" data-testid="edit-song-header" data-audio-url={playUrl ?? undefined}>
        <div className="flex items-start gap-3 sm:flex-wrap sm:gap-4">
          <SongPlayButton song={song} title={title} playUrl={playUrl} />
          <div className="min-w-0 flex-1">
            <h1 className="truncate text-xl font-bold tracking-tight text-white sm:text-2xl" data-testid="edit-song-name">
              {title}
            </h1>
            <p className="mt-0.5 truncate text-xs text-slate-400 sm:mt-1 sm:whitespace-normal sm:text-sm">
              {[song.artistName, `${song.style} · ${song.filter}`, song.tempo ? `${song.tempo} BPM` : null, song.key, song.durationSeconds ? formatSeconds(song.durationSeconds) : null]
                .filter(Boolean)
                .join(" · ")}
            </p>
            {song.peaks ? <Waveform peaks={song.peaks} className="mt-2 h-8 w-full sm:mt-3 sm:h-12" /> : null}
          </div>
        </div>
        <NoScriptAudio song={song} title={title} />
        <RenderProgress latest={latest} />
      </header>
      <nav aria-label="Edit song" className="mt-3 overflow-x-auto border-b border-ink-700 sm:mt-6">
        <ul className="flex gap-1">
          {TABS.map((tab) => (
            <li key={tab.label}>
              <NavLink
                to={tab.to === "" ? `/edit/${song.id}` : `/edit/${song.id}/${tab.to}`}
                end={"end" in tab}
                prefetch="intent"
                className={({ isActive }) =>
                  `inline-block border-b-2 px-3 py-2 text-sm font-semibold whitespace-nowrap sm:px-4 sm:py-2.5 ${
                    isActive ? "border-accent-400 text-white" : "border-transparent text-slate-400 hover:text-white"
                  }`
                }
              >
                {tab.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-4 sm:mt-8">
        <Outlet />
      </div>
    </div>
  );
}

/** With JavaScript the persistent player plays the song; before hydration the <audio> below does. */
function SongPlayButton({ song, title, playUrl }: { song: LayoutData["song"]; title: string; playUrl: string | null }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const player = usePlayerState();
  const actions = usePlayerActions();
  if (!hydrated || !playUrl) return null;
  const isCurrent = player.queue.current?.id === song.id && player.queue.current.audioUrl === playUrl;
  // An edit's first seconds are a preview: the player waits for the whole version at their end.
  const playable = { ...playerSong(song, playUrl), songName: title, ...(isEditPreview(playUrl) ? { preview: true } : {}) };
  return (
    <button
      type="button"
      onClick={() => (isCurrent ? actions.togglePlay() : actions.play(playable))}
      aria-label={isCurrent && player.playing ? `Pause ${title}` : `Play ${title}`}
      className="inline-flex size-11 shrink-0 items-center sm:size-12 justify-center rounded-full bg-brand-500 text-white hover:bg-brand-400"
    >
      <span aria-hidden="true">{isCurrent && player.playing ? "❚❚" : "▶"}</span>
    </button>
  );
}

/**
 * When the edit whose first seconds the player plays is complete, the player moves to the whole of it at
 * the same moment (the player's handOver; nothing happens if the player plays anything else).
 */
function useHandOverFromPreview(song: LayoutData["song"], title: string, playUrl: string | null) {
  const actions = usePlayerActions();
  const previous = useRef(playUrl);
  useEffect(() => {
    const from = previous.current;
    previous.current = playUrl;
    if (from && playUrl && from !== playUrl && isEditPreview(from) && !isEditPreview(playUrl)) actions.handOver(from, { ...playerSong(song, playUrl), songName: title });
  }, [actions, song, title, playUrl]);
}

function NoScriptAudio({ song, title }: { song: LayoutData["song"]; title: string }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (hydrated || !song.audioUrl) return null;
  return <audio controls preload="none" src={song.audioUrl} className="mt-4 w-full" aria-label={`Listen to ${title}`} />;
}

const CHANGE_LABELS: Record<NonNullable<LatestVersion>["change"], string> = {
  production: "production",
  notes: "notes",
  arrangement: "arrangement",
  vocals: "vocals",
};

function RenderProgress({ latest }: { latest: LatestVersion }) {
  if (!latest) return null;
  if (latest.status === "queue" || latest.status === "rendering") {
    return (
      <p role="status" data-testid="render-progress" data-status={latest.status} className="mt-4 flex items-center gap-2 text-sm font-semibold text-accent-300">
        <span aria-hidden="true" className="inline-block size-2 animate-pulse rounded-full bg-accent-400" />
        Rendering your changes… (version {latest.version}, {CHANGE_LABELS[latest.change]}). The song keeps playing the previous version until it is ready.
      </p>
    );
  }
  if (latest.status === "failed") {
    return (
      <p role="alert" data-testid="render-progress" data-status="failed" className="mt-4 text-sm text-rose-300">
        Your last change ({CHANGE_LABELS[latest.change]}) could not be rendered, so the song is unchanged. Try the change again.
      </p>
    );
  }
  return null;
}

/**
 * While the newest edit renders, asks the version API to answer once it has finished (?wait=N: the server
 * answers the moment the job commits) and revalidates every loader on the page then (or when it failed),
 * so the header, the player and the page show the new version. When the edit's first seconds are playable
 * first, it revalidates for them too (Play then plays them) and waits on for the rest (&previewed=1). An
 * answer that comes without a change (the server's own time limit) asks again; a failed request asks again
 * after VERSION_POLL_MS.
 */
function useFollowRender(songId: string, version: number, latest: LatestVersion): FollowedVersionStatus | null {
  const revalidator = useRevalidator();
  const [answer, setAnswer] = useState<FollowedVersionStatus | null>(null);
  const pending = latest !== null && (latest.status === "queue" || latest.status === "rendering");
  useEffect(() => {
    if (!pending || !latest) return;
    setAnswer(null);
    const aborter = new AbortController();
    // Once the page has the edit's first seconds, it waits for the rest only.
    let previewed = latest.previewUrl !== null;
    void (async () => {
      while (!aborter.signal.aborted) {
        const url = `/api/song/${songId}/version?wait=${latest.version}${previewed ? "&previewed=1" : ""}`;
        const response = await apiFetch(url, { headers: { Accept: "application/json" }, signal: aborter.signal }).catch(() => null);
        if (aborter.signal.aborted) return;
        if (!response?.ok) {
          await new Promise((resolve) => window.setTimeout(resolve, VERSION_POLL_MS));
          continue;
        }
        const status = (await response.json()) as { version: number; latest: LatestVersion };
        if (aborter.signal.aborted) return;
        setAnswer(status);
        if (renderFollowed(status, version, latest.version)) {
          revalidator.revalidate();
          return;
        }
        if (!previewed && status.latest?.previewUrl) {
          previewed = true;
          revalidator.revalidate();
        }
      }
    })();
    return () => aborter.abort();
    // Not keyed on the revalidator: its identity changes with every revalidation, which would restart the wait.
  }, [pending, songId, version, latest?.version]);
  return answer;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const name = data ? (data.song.unnamed ? `${data.song.filter} song` : data.song.songName) : "Song";
  return [{ title: `Edit ${name} · Songloom` }, { name: "description", content: `Edit ${name}: its instruments, notes, arrangement, vocals and info.` }];
};

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
