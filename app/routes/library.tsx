// /library (spec 2 §4), a first version: the user's saved songs with their style, length and waveform,
// a locked badge, and links to edit and share. The edit flow sends a song it cannot load here with
// ?redirectFrom=<the edit URL>, and the page says so. The library issue adds sorting, search and paging.
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { buttonClass } from "~/components/button";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { NotesIcon } from "~/components/icons";
import { formatSeconds } from "~/components/player";
import { Waveform } from "~/components/songs/waveform";
import { requireVerifiedUser } from "~/server/guards.server";
import { listSavedSongs, type LibrarySong } from "~/services/library-page.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireVerifiedUser(request);
  const redirectFrom = new URL(request.url).searchParams.get("redirectFrom");
  return json({
    songs: await listSavedSongs(user),
    notice: redirectFrom === null ? null : redirectFrom === "/edit" ? "You have no songs to edit yet. Create one first." : "That song could not be found.",
  });
}

export default function LibraryPage() {
  const { songs, notice } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-white sm:text-4xl">Library</h1>
          <p className="mt-2 text-slate-400">The songs you saved. Open one to edit it or share it.</p>
        </div>
        <Link to="/create" className={buttonClass("primary")}>
          Create a song
        </Link>
      </header>
      {notice ? (
        <p role="alert" data-testid="library-notice" className="mt-6 rounded-xl border border-amber-400/40 bg-amber-950/30 px-4 py-3 text-sm text-amber-100">
          {notice}
        </p>
      ) : null}
      {songs.length === 0 ? (
        <div className="mt-10 rounded-2xl border border-dashed border-ink-600 px-6 py-12 text-center">
          <NotesIcon className="mx-auto h-9 w-9 text-brand-300" />
          <p className="mt-3 font-semibold text-white">No saved songs yet</p>
          <p className="mt-1 text-sm text-slate-400">Create songs and save the ones you like: they appear here.</p>
        </div>
      ) : (
        <ul aria-label="Saved songs" className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {songs.map((song) => (
            <LibraryCard key={song.id} song={song} />
          ))}
        </ul>
      )}
    </div>
  );
}

function LibraryCard({ song }: { song: LibrarySong }) {
  const title = song.unnamed ? `${song.filter} song` : song.songName;
  return (
    <li className="flex flex-col rounded-2xl border border-ink-700 bg-ink-900 p-5" data-song-id={song.id}>
      <div className="flex items-start justify-between gap-3">
        <h2 className="min-w-0 truncate text-base font-semibold text-white">{title}</h2>
        <div className="flex shrink-0 gap-1">
          {song.private ? <Badge>Private</Badge> : null}
          {song.locked ? <Badge tone="locked">Locked</Badge> : null}
        </div>
      </div>
      <p className="mt-1 text-xs text-slate-400">
        {[`${song.style} · ${song.filter}`, song.durationSeconds ? formatSeconds(song.durationSeconds) : null].filter(Boolean).join(" · ")}
      </p>
      {song.peaks ? <Waveform peaks={song.peaks} className="mt-3 h-10 w-full" /> : null}
      {song.tags.length > 0 ? (
        <ul aria-label="Tags" className="mt-3 flex flex-wrap gap-1">
          {song.tags.map((tag) => (
            <li key={tag} className="rounded-full bg-ink-800 px-2 py-0.5 text-xs text-slate-300">
              {tag}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-4 flex gap-2 border-t border-ink-700 pt-4">
        <Link to={`/edit/${song.id}`} className={buttonClass("secondary", "sm")} aria-label={`Edit ${title}`}>
          Edit
        </Link>
        <Link to={`/s/${song.id}`} className={buttonClass("ghost", "sm")} aria-label={`Share ${title}`}>
          Share
        </Link>
      </div>
    </li>
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
