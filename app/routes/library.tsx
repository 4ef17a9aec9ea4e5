// /library (spec 2 §2, §4, §9): the user's songs and releases, one tab each (?tab=songs, the default, or
// ?tab=releases). Songs: 15 a page, search (?query=), one tag (?tag=), page and itemsPerPage in the query
// string; each row shows its details, lock, player, releases and actions. Releases: searchable and paged,
// with their status. Every control is a link or a GET form, so the page works without JavaScript. The edit
// flow sends a song it cannot load here with ?redirectFrom=<the edit URL>, and the page says so.
import { json, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { z } from "zod";
import { buttonClass } from "~/components/button";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { NotesIcon } from "~/components/icons";
import { formatSeconds, usePlayerActions, usePlayerState } from "~/components/player";
import { playerSong } from "~/components/player/api";
import { relativeTime } from "~/utils/time";
import { Waveform } from "~/components/songs/waveform";
import { requireVerifiedUser } from "~/server/guards.server";
import { getUserPlan } from "~/server/plans.server";
import { ApiError } from "~/server/http.server";
import { hasAccessToLabs, LabsRenameFormSchema, listLabsGenerations, renameLabsGeneration, type LabsPage } from "~/services/labs/index.server";
import { archiveSong, copyLibrarySong, onboardingSteps } from "~/services/library/index.server";
import { listSavedSongs, type LibraryPage } from "~/services/library/library-page.server";
import { SONG_NAME_MAX } from "~/utils/field-limits";
import { readFormData } from "~/utils/forms";
import { IdSchema } from "~/utils/input-schemas";
import { activeFeaturedReleases, listUserReleases, type ReleasePage } from "~/services/releases/index.server";
import { EMPTY_LIST, LABS_PAGE_SIZE, LIBRARY_PAGE_SIZE, libraryHref, LOAD_FAILED, PAGE_SIZE_OPTIONS, RELEASES_PAGE_SIZE } from "~/utils/library-paging";
import { releaseStatusLabel } from "~/utils/release-display";
import { reviewSummary } from "~/components/releases/review-notice";


const LibraryQuery = z.object({
  tab: z.enum(["songs", "releases", "labs"]).catch("songs"),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
  itemsPerPage: z.coerce
    .number()
    .int()
    .refine((size) => (PAGE_SIZE_OPTIONS as readonly number[]).includes(size))
    .optional()
    .catch(undefined),
  query: z.string().max(100).catch("").default(""),
  tag: z.string().max(60).catch("").default(""),
});

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireVerifiedUser(request);
  const search = new URL(request.url).searchParams;
  const params = LibraryQuery.parse(Object.fromEntries(search));
  // Spec 2 §6: only a user with labs access has the Labs tab; anyone else asking for it gets their songs.
  const labsAccess = await hasAccessToLabs(user.id);
  if (params.tab === "labs" && !labsAccess) params.tab = "songs";
  const redirectFrom = search.get("redirectFrom");
  const copied = search.get("copied");
  const notice =
    redirectFrom !== null
      ? redirectFrom === "/edit"
        ? "You have no songs to edit yet. Create one first."
        : "That song could not be found."
      : copied !== null
        ? "Your copy is saved at the top of your library. You can change anything in it."
        : null;
  let songs: LibraryPage | null = null;
  let releases: ReleasePage | null = null;
  let labs: LabsPage | null = null;
  let featured: Awaited<ReturnType<typeof activeFeaturedReleases>> = [];
  let failed = false;
  // A list that fails to load says so in place (spec 2 §2) instead of replacing the whole page.
  try {
    if (params.tab === "songs") songs = await listSavedSongs(user, { page: params.page, itemsPerPage: params.itemsPerPage ?? LIBRARY_PAGE_SIZE, query: params.query, tag: params.tag });
    else if (params.tab === "releases") {
      // Spec 2 §2: the release library shows the releases staff feature too.
      [releases, featured] = await Promise.all([listUserReleases(user, { page: params.page, perPage: params.itemsPerPage ?? RELEASES_PAGE_SIZE, query: params.query }), activeFeaturedReleases()]);
    }
    else labs = await listLabsGenerations(user, { page: params.page, perPage: params.itemsPerPage ?? LABS_PAGE_SIZE, query: params.query });
  } catch (error) {
    console.error("Library list failed", error);
    failed = true;
  }
  const { limits } = await getUserPlan(user);
  const onboarding = await onboardingSteps(user);
  return json(
    {
      onboarding: onboarding.steps.every((step) => step.isComplete) ? null : onboarding.steps,
      tab: params.tab,
      query: params.query,
      tag: params.tag,
      page: params.page,
      itemsPerPage: params.itemsPerPage ?? { songs: LIBRARY_PAGE_SIZE, releases: RELEASES_PAGE_SIZE, labs: LABS_PAGE_SIZE }[params.tab],
      labsAccess,
      songLimit: limits.songLimit,
      // One "now" for the server's and the browser's render of relative times, so hydration agrees.
      now: new Date().toISOString(),
      notice,
      failed,
      songs: songs && { total: songs.total, items: songs.songs },
      releases: releases && {
        total: releases.total,
        items: releases.releases.map((release) => ({ id: release.id, title: release.title, artistName: release.artistName, status: release.status, thumbnailUrl: release.coverArt?.thumbnailUrl ?? null, songs: release.songs.length, review: reviewSummary(release.status, release.issues) })),
      },
      labs: labs && { total: labs.total, items: labs.generations },
      featured,
    },
    // A page showing a failed list is never kept by the per-user page cache (page-cache.server.ts).
    failed ? { headers: { "Cache-Control": "private, no-store" } } : undefined,
  );
}

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

const SongAction = z.object({ intent: z.enum(["archive", "copy"]), songId: IdSchema });

type FieldErrors = Partial<Record<"song_name" | "artist_name", string>>;

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireVerifiedUser(request);
  const form = Object.fromEntries(await readFormData(request));
  const url = new URL(request.url);
  if (form.intent === "rename-labs") {
    const rename = LabsRenameFormSchema.safeParse(form);
    if (!rename.success) {
      const fieldErrors: FieldErrors = {};
      for (const issue of rename.error.issues) {
        const field = issue.path[0];
        if ((field === "song_name" || field === "artist_name") && !fieldErrors[field]) fieldErrors[field] = issue.message;
      }
      return json({ error: Object.keys(fieldErrors).length > 0 ? "Check the highlighted fields." : "Choose a generation.", generationId: typeof form.generationId === "string" ? form.generationId : null, fieldErrors }, { status: 400 });
    }
    try {
      await renameLabsGeneration(user, rename.data.generationId, rename.data);
    } catch (error) {
      if (error instanceof ApiError && error.status < 500) return json({ error: error.message, generationId: rename.data.generationId, fieldErrors: {} as FieldErrors }, { status: error.status });
      throw error;
    }
    return redirect(url.pathname + url.search);
  }
  const parsed = SongAction.safeParse(form);
  if (!parsed.success) return json({ error: "Choose a song." }, { status: 400 });
  try {
    if (parsed.data.intent === "archive") {
      await archiveSong(user, parsed.data.songId);
      return redirect(url.pathname + url.search);
    }
    // The copy is the newest saved song, so it heads the unfiltered first page, under a notice saying so.
    const copy = await copyLibrarySong(user, parsed.data.songId);
    return redirect(`/library?${new URLSearchParams({ copied: copy.id })}`);
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return json({ error: error.message }, { status: error.status });
    throw error;
  }
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

const TAB_LABELS = { songs: "Songs", releases: "Releases", labs: "Labs" } as const;
const SEARCH_HINTS = { songs: "Search songs, artists, tags", releases: "Search releases", labs: "Search Labs generations" } as const;

export default function LibraryPage() {
  const data = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-white sm:text-4xl">Library</h1>
          <p className="mt-2 text-slate-400">Your saved songs and your releases.</p>
        </div>
        <div className="flex gap-2">
          <Link to="/release/create" className={buttonClass("secondary")}>
            New release
          </Link>
          <Link to="/create" className={buttonClass("primary")}>
            Create a song
          </Link>
        </div>
      </header>
      {data.notice ? (
        <p role="alert" data-testid="library-notice" className="mt-6 rounded-xl border border-amber-400/40 bg-amber-950/30 px-4 py-3 text-sm text-amber-100">
          {data.notice}
        </p>
      ) : null}
      {failure?.error && !("generationId" in failure && failure.generationId) ? (
        <p role="alert" className="mt-6 rounded-xl border border-rose-400/40 bg-rose-950/30 px-4 py-3 text-sm text-rose-100">
          {failure.error}
        </p>
      ) : null}
      {data.onboarding ? (
        <section aria-labelledby="onboarding-heading" className="mt-6 rounded-2xl border border-ink-700 bg-ink-900 p-5">
          <h2 id="onboarding-heading" className="font-semibold text-white">
            Getting started
          </h2>
          <ol className="mt-2 grid gap-1 text-sm">
            {data.onboarding.map((step) => (
              <li key={step.key} data-complete={step.isComplete} className={step.isComplete ? "text-slate-500 line-through" : "text-slate-200"}>
                <span aria-hidden="true">{step.isComplete ? "✓ " : "○ "}</span>
                {step.isComplete ? step.title : <Link to={step.href} className="underline">{step.title}</Link>}
                <span className="sr-only">{step.isComplete ? " (done)" : " (to do)"}</span>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      <nav aria-label="Library tabs" className="mt-8 flex gap-2 border-b border-ink-700">
        {(data.labsAccess ? (["songs", "releases", "labs"] as const) : (["songs", "releases"] as const)).map((tab) => (
          <Link
            key={tab}
            to={`/library?tab=${tab}`}
            aria-current={data.tab === tab ? "page" : undefined}
            className={`-mb-px border-b-2 px-4 py-2 text-sm font-semibold ${data.tab === tab ? "border-brand-400 text-white" : "border-transparent text-slate-400 hover:text-white"}`}
          >
            {TAB_LABELS[tab]}
          </Link>
        ))}
      </nav>
      <Form method="get" className="mt-6 flex flex-wrap items-end gap-3" role="search">
        <input type="hidden" name="tab" value={data.tab} />
        {data.tag ? <input type="hidden" name="tag" value={data.tag} /> : null}
        <input type="hidden" name="itemsPerPage" value={data.itemsPerPage} />
        <label className="text-sm text-slate-300">
          <span className="sr-only">Search</span>
          <input type="search" name="query" defaultValue={data.query} placeholder={SEARCH_HINTS[data.tab]} className="w-64 rounded-xl border border-ink-600 bg-ink-950 px-3 py-2 text-sm text-white" />
        </label>
        <button type="submit" className={buttonClass("secondary", "sm")}>
          Search
        </button>
        {data.tag ? (
          <span className="text-sm text-slate-300">
            Tag: <strong>{data.tag}</strong>{" "}
            <Link to={libraryHref(data, { tag: null, page: 1 })} className="text-brand-300 underline">
              clear
            </Link>
          </span>
        ) : null}
      </Form>
      {data.failed ? (
        <p role="alert" className="mt-10 text-slate-300">
          {LOAD_FAILED}
        </p>
      ) : data.songs ? (
        <SongList data={data} songs={data.songs} />
      ) : data.releases ? (
        <>
          <FeaturedReleases featured={data.featured} />
          <ReleaseList releases={data.releases} />
        </>
      ) : data.labs ? (
        <LabsList labs={data.labs} />
      ) : null}
      {!data.failed ? <Pager data={data} total={data.songs?.total ?? data.releases?.total ?? data.labs?.total ?? 0} /> : null}
    </div>
  );
}

function SongList({ data, songs }: { data: Data; songs: NonNullable<Data["songs"]> }) {
  if (songs.items.length === 0) {
    return data.query || data.tag || data.page > 1 ? (
      <p className="mt-10 text-slate-300">{EMPTY_LIST}</p>
    ) : (
      <div className="mt-10 rounded-2xl border border-dashed border-ink-600 px-6 py-12 text-center">
        <NotesIcon className="mx-auto h-9 w-9 text-brand-300" />
        <p className="mt-3 font-semibold text-white">No saved songs yet</p>
        <p className="mt-1 text-sm text-slate-400">{EMPTY_LIST} Create songs and save the ones you like: they appear here.</p>
      </div>
    );
  }
  return (
    <ul aria-label="Saved songs" className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {songs.items.map((song) => {
        const title = song.unnamed ? `${song.filter} song` : song.songName;
        return (
          <li key={song.id} className="flex flex-col rounded-2xl border border-ink-700 bg-ink-900 p-5" data-song-id={song.id}>
            <div className="flex items-start justify-between gap-3">
              <h2 className="min-w-0 truncate text-base font-semibold text-white">{title}</h2>
              <div className="flex shrink-0 gap-1">
                {song.private ? <Badge>Private</Badge> : null}
                {song.locked ? <Badge tone="locked">Locked</Badge> : null}
              </div>
            </div>
            <p className="mt-1 text-xs text-slate-400">
              {[song.artistName, `${song.style} · ${song.filter}`, song.durationSeconds ? formatSeconds(song.durationSeconds) : null, song.savedAt ? `saved ${song.savedAt.slice(0, 10)}` : null]
                .filter(Boolean)
                .join(" · ")}
            </p>
            {song.savedAt ? (
              <p className="mt-1 text-xs text-slate-500">
                Saved{" "}
                <time dateTime={song.savedAt} title={new Date(song.savedAt).toUTCString()}>
                  {relativeTime(song.savedAt, data.now)}
                </time>
              </p>
            ) : null}
            {song.peaks ? <Waveform peaks={song.peaks} className="mt-3 h-10 w-full" /> : null}
            <SongPlayer song={song} title={title} data={data} songs={songs} />
            {song.tags.length > 0 ? (
              <ul aria-label="Tags" className="mt-3 flex flex-wrap gap-1">
                {song.tags.map((tag) => (
                  <li key={tag}>
                    <Link to={libraryHref(data, { tag, page: 1, query: null })} className="rounded-full bg-ink-800 px-2 py-0.5 text-xs text-slate-300 hover:text-white">
                      {tag}
                    </Link>
                  </li>
                ))}
              </ul>
            ) : null}
            {song.releases.length > 0 ? (
              <p className="mt-3 text-xs text-slate-400">
                On{" "}
                {song.releases.map((release, index) => (
                  <span key={release.id}>
                    {index > 0 ? ", " : null}
                    <Link to={`/release/${release.id}`} className="text-brand-300 underline">
                      {release.title}
                    </Link>{" "}
                    ({releaseStatusLabel(release.status)})
                  </span>
                ))}
              </p>
            ) : null}
            {song.locked ? (
              <p className="mt-3 text-xs text-amber-200" data-testid="locked-reason">
                Your library holds more than your plan's {data.songLimit ?? ""} songs, so this one can be played but not edited, downloaded or released.{" "}
                <Link to="/pricing" className="underline">
                  Upgrade to unlock it
                </Link>
                .
              </p>
            ) : null}
            <div className="mt-4 flex flex-wrap items-center gap-2 border-t border-ink-700 pt-4">
              {!song.locked ? (
                <Link to={`/edit/${song.id}`} className={buttonClass("secondary", "sm")} aria-label={`Edit ${title}`}>
                  Edit
                </Link>
              ) : null}
              <Link to={`/s/${song.id}`} className={buttonClass("ghost", "sm")} aria-label={`Share ${title}`}>
                Share
              </Link>
              {!song.locked && song.audioUrl ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="copy" />
                  <input type="hidden" name="songId" value={song.id} />
                  <button type="submit" className={buttonClass("ghost", "sm")} aria-label={`Copy ${title}`}>
                    Copy
                  </button>
                </Form>
              ) : null}
              {song.releases.length === 0 ? (
                <Form method="post" className="ml-auto">
                  <input type="hidden" name="intent" value="archive" />
                  <input type="hidden" name="songId" value={song.id} />
                  <button type="submit" className={buttonClass("ghost", "sm")} aria-label={`Archive ${title}`}>
                    Archive
                  </button>
                </Form>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

type LibrarySongRow = NonNullable<Data["songs"]>["items"][number];

/** With JavaScript the persistent player plays the song (locked songs too); before hydration a plain <audio> does. */
function SongPlayer({ song, title, data, songs }: { song: LibrarySongRow; title: string; data: Data; songs: NonNullable<Data["songs"]> }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const player = usePlayerState();
  const actions = usePlayerActions();
  if (!song.audioUrl) return null;
  if (!hydrated) return <audio controls preload="none" src={song.audioUrl} className="mt-3 w-full" aria-label={`Listen to ${title}`} />;
  const isCurrent = player.queue.current?.id === song.id && player.queue.current.audioUrl === song.audioUrl;
  const playable = { ...playerSong({ ...song, songName: title }, song.audioUrl), songName: title };
  return (
    <button
      type="button"
      onClick={() => {
        if (isCurrent) return actions.togglePlay();
        // The page's songs after this one follow it, and the player pages in more of the same search.
        const list = songs.items.flatMap((item) => (item.audioUrl ? [{ ...playerSong(item, item.audioUrl), songName: item.unnamed ? `${item.filter} song` : item.songName }] : []));
        const index = list.findIndex((item) => item.id === song.id);
        const more = data.page * data.itemsPerPage < songs.total;
        if (index < 0) return actions.play(playable);
        actions.playList(list, index, { query: data.query ?? "", tag: data.tag ?? "", perPage: data.itemsPerPage }, more ? data.page + 1 : null);
      }}
      aria-label={isCurrent && player.playing ? `Pause ${title}` : `Play ${title}`}
      className="mt-3 inline-flex size-10 items-center justify-center rounded-full bg-brand-500 text-white hover:bg-brand-400"
    >
      <span aria-hidden="true">{isCurrent && player.playing ? "❚❚" : "▶"}</span>
    </button>
  );
}

function ReleaseList({ releases }: { releases: NonNullable<Data["releases"]> }) {
  if (releases.items.length === 0) return <p className="mt-10 text-slate-300">{EMPTY_LIST}</p>;
  return (
    <ul aria-label="Releases" className="mt-8 grid gap-3">
      {releases.items.map((release) => (
        <li key={release.id} data-release-id={release.id} className="flex items-center gap-4 rounded-2xl border border-ink-700 bg-ink-900 p-4">
          {release.thumbnailUrl ? (
            <img src={release.thumbnailUrl} alt="" width={64} height={64} className="size-16 rounded-lg object-cover" />
          ) : (
            <div className="size-16 rounded-lg border border-dashed border-ink-600" />
          )}
          <div className="min-w-0 flex-1">
            <Link to={`/release/${release.id}`} className="block truncate font-semibold text-white hover:underline">
              {release.title}
            </Link>
            <p className="text-sm text-slate-400">
              {release.artistName} · {release.songs} {release.songs === 1 ? "song" : "songs"}
            </p>
            {release.review ? (
              <p data-testid="release-row-review" className="text-sm text-amber-200">
                {release.review}
              </p>
            ) : null}
          </div>
          <span data-testid="release-row-status" className="rounded-full bg-brand-500/20 px-3 py-1 text-xs font-semibold text-brand-200">
            {releaseStatusLabel(release.status)}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Releases staff feature (GET /api/featured/releases/active): live releases of other artists, to listen for. */
function FeaturedReleases({ featured }: { featured: Data["featured"] }) {
  if (featured.length === 0) return null;
  return (
    <section aria-labelledby="featured-heading" className="mt-8">
      <h2 id="featured-heading" className="text-sm font-semibold tracking-wide text-slate-300 uppercase">
        Featured on Songloom
      </h2>
      <ul aria-label="Featured releases" className="mt-3 flex gap-4 overflow-x-auto pb-2">
        {featured.map((release) => (
          <li key={release.id} className="w-36 shrink-0">
            {release.coverArtUrl ? (
              <img src={release.coverArtUrl} alt="" width={144} height={144} loading="lazy" className="size-36 rounded-xl object-cover" />
            ) : (
              <div className="size-36 rounded-xl border border-dashed border-ink-600" />
            )}
            <p className="mt-2 truncate text-sm font-semibold text-white">{release.title}</p>
            <p className="truncate text-xs text-slate-400">{release.artistName}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

type LabsRow = NonNullable<Data["labs"]>["items"][number];

/** Labs generations (spec 2 §6): play, download, and a rename form that is a plain POST without JavaScript. */
function LabsList({ labs }: { labs: NonNullable<Data["labs"]> }) {
  if (labs.items.length === 0) return <p className="mt-10 text-slate-300">{EMPTY_LIST}</p>;
  return (
    <ul aria-label="Labs generations" className="mt-8 grid gap-4 sm:grid-cols-2">
      {labs.items.map((generation) => (
        <LabsItem key={generation.id} generation={generation} />
      ))}
    </ul>
  );
}

function LabsItem({ generation }: { generation: LabsRow }) {
  const failure = useActionData<typeof action>();
  const mine = failure && "generationId" in failure && failure.generationId === generation.id ? failure : null;
  const fieldErrors = (mine && "fieldErrors" in mine ? mine.fieldErrors : {}) as FieldErrors;
  const title = generation.unnamed ? "Unnamed generation" : generation.songName;
  const created = new Date(generation.createdAt).toISOString().slice(0, 10);
  return (
    <li className="flex flex-col rounded-2xl border border-ink-700 bg-ink-900 p-5" data-generation-id={generation.id}>
      <h2 className="truncate text-base font-semibold text-white">{title}</h2>
      <p className="mt-1 text-xs text-slate-400">
        {[generation.artistName, generation.durationSeconds ? formatSeconds(generation.durationSeconds) : null, `made ${created}`].filter(Boolean).join(" · ")}
      </p>
      {generation.prompt ? <p className="mt-2 text-sm text-slate-300">“{generation.prompt}”</p> : null}
      {generation.peaks ? <Waveform peaks={generation.peaks} className="mt-3 h-10 w-full" /> : null}
      <audio controls preload="none" src={generation.audioUrl} className="mt-3 w-full" aria-label={`Listen to ${title}`} />
      <div className="mt-4 flex flex-wrap items-center gap-2 border-t border-ink-700 pt-4">
        {generation.formats.map((format) => (
          <a key={format} href={`/api/labs/generations/${generation.id}/download?format=${format}`} download className={buttonClass("ghost", "sm")} aria-label={`Download ${title} as ${format.toUpperCase()}`}>
            {format.toUpperCase()}
          </a>
        ))}
      </div>
      <details className="mt-3" open={mine !== null}>
        <summary className="cursor-pointer text-sm text-brand-300">Rename</summary>
        <Form method="post" className="mt-3 grid gap-3" aria-label={`Rename ${title}`}>
          <input type="hidden" name="intent" value="rename-labs" />
          <input type="hidden" name="generationId" value={generation.id} />
          <LabsNameField id={`${generation.id}-song_name`} name="song_name" label="Song name" defaultValue={generation.unnamed ? "" : generation.songName} error={fieldErrors.song_name} />
          <LabsNameField id={`${generation.id}-artist_name`} name="artist_name" label="Artist name" defaultValue={generation.artistName ?? ""} error={fieldErrors.artist_name} />
          {mine && Object.keys(fieldErrors).length === 0 ? (
            <p role="alert" className="text-sm text-rose-200">
              {mine.error}
            </p>
          ) : null}
          <button type="submit" className={buttonClass("secondary", "sm")}>
            Save names
          </button>
        </Form>
      </details>
    </li>
  );
}

function LabsNameField({ id, name, label, defaultValue, error }: { id: string; name: string; label: string; defaultValue: string; error?: string }) {
  return (
    <div>
      <label htmlFor={id} className="block text-xs font-semibold text-slate-300">
        {label}
      </label>
      <input
        id={id}
        name={name}
        defaultValue={defaultValue}
        maxLength={SONG_NAME_MAX}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="mt-1 w-full rounded-xl border border-ink-600 bg-ink-950 px-3 py-2 text-sm text-white"
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs text-rose-200">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function Pager({ data, total }: { data: Data; total: number }) {
  const pages = Math.max(1, Math.ceil(total / data.itemsPerPage));
  return (
    <nav aria-label="Pages" className="mt-8 flex flex-wrap items-center justify-between gap-4 text-sm text-slate-300">
      <div className="flex items-center gap-3">
        {data.page > 1 ? <Link to={libraryHref(data, { page: data.page - 1 })} rel="prev" className="text-brand-300 underline">Previous</Link> : null}
        <span>
          Page {Math.min(data.page, pages)} of {pages}
        </span>
        {data.page < pages ? <Link to={libraryHref(data, { page: data.page + 1 })} rel="next" className="text-brand-300 underline">Next</Link> : null}
      </div>
      <div className="flex items-center gap-2">
        <span>Per page:</span>
        {PAGE_SIZE_OPTIONS.filter((size) => size !== 15 || data.tab === "songs").map((size) =>
          size === data.itemsPerPage ? (
            <strong key={size}>{size}</strong>
          ) : (
            <Link key={size} to={libraryHref(data, { itemsPerPage: size, page: 1 })} className="text-brand-300 underline">
              {size}
            </Link>
          ),
        )}
      </div>
    </nav>
  );
}

function Badge({ children, tone = "plain" }: { children: string; tone?: "plain" | "locked" }) {
  const colours = tone === "locked" ? "bg-amber-500/20 text-amber-200" : "bg-ink-800 text-slate-300";
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${colours}`}>{children}</span>;
}

export const meta: MetaFunction = () => [{ title: "Library · Songloom" }, { name: "description", content: "Your saved Songloom songs: play, edit, share and download them." }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
