// /release/{id}/edit/songs (NewAlbumEditSongs, spec 2 §2, §5): the release's tracks in order, and the saved
// songs that can be added. Every button is its own small form (add, move up or down, remove), so ordering
// works without JavaScript; at most songsPerRelease tracks, refused with the spec's message.
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { buttonClass } from "~/components/button";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { formatSeconds } from "~/components/player";
import { Alert, ReleaseSteps } from "~/components/releases/release-form";
import { ApiError } from "~/server/http.server";
import { getReleaseLimits, isEditable, loadOwnedRelease, pickableSongs, releaseView, setReleaseSongs } from "~/services/releases/index.server";
import { readFormData } from "~/utils/forms";
import { IdSchema } from "~/utils/input-schemas";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, release } = await loadOwnedRelease(request, params.releaseId);
  if (!isEditable(release.status) || release.archivedAt) throw redirect(`/release/${release.id}`);
  const view = await releaseView(release);
  const limits = await getReleaseLimits(user);
  const onRelease = new Set(view.songIds);
  const available = (await pickableSongs(user, release.id)).filter((song) => !onRelease.has(song.id));
  return json({
    releaseId: release.id,
    title: release.title,
    songsPerRelease: limits.songsPerRelease,
    tracks: view.songs.map((song) => ({ id: song.id, name: song.unnamed ? "Unnamed song" : song.songName, durationSeconds: song.durationSeconds, audioUrl: song.audioUrl })),
    available: available.map((song) => ({ id: song.id, name: song.unnamed ? "Unnamed song" : song.songName, durationSeconds: song.durationSeconds, problem: song.problem })),
  });
}

const TrackAction = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add"), songId: IdSchema }),
  z.object({ intent: z.literal("remove"), songId: IdSchema }),
  z.object({ intent: z.literal("up"), songId: IdSchema }),
  z.object({ intent: z.literal("down"), songId: IdSchema }),
]);

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, release } = await loadOwnedRelease(request, params.releaseId);
  const parsed = TrackAction.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) return json({ error: "Choose a song." }, { status: 400 });
  const current = (await releaseView(release)).songIds;
  const { intent, songId } = parsed.data;
  let next = current.filter((id) => id !== songId);
  if (intent === "add") next = [...current.filter((id) => id !== songId), songId];
  else if (intent === "up" || intent === "down") {
    const index = current.indexOf(songId);
    const target = intent === "up" ? index - 1 : index + 1;
    next = [...current];
    if (index >= 0 && target >= 0 && target < current.length) [next[index], next[target]] = [next[target], next[index]];
  }
  try {
    await setReleaseSongs(user, release.id, next);
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return json({ error: error.fields?.songs?.[0] ?? error.message }, { status: error.status });
    throw error;
  }
  return redirect(`/release/${release.id}/edit/songs`);
}

export default function ReleaseSongsPage() {
  const data = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <nav aria-label="Breadcrumb" className="text-sm text-slate-400">
        <Link to="/library?tab=releases" className="hover:text-white">
          Library
        </Link>
        <span aria-hidden="true"> / </span>
        <span className="text-slate-200">Release songs</span>
      </nav>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-white">{data.title}</h1>
      <ReleaseSteps releaseId={data.releaseId} current="songs" />
      {failure?.error ? (
        <div className="mt-6" data-testid="songs-error">
          <Alert>{failure.error}</Alert>
        </div>
      ) : null}
      <section aria-labelledby="tracks-heading" className="mt-8">
        <h2 id="tracks-heading" className="text-lg font-semibold text-white">
          Tracks ({data.tracks.length} of {data.songsPerRelease})
        </h2>
        {data.tracks.length === 0 ? (
          <p className="mt-2 text-sm text-slate-400">No songs yet. Add saved songs from the list below.</p>
        ) : (
          <ol aria-label="Tracks" className="mt-3 grid gap-2">
            {data.tracks.map((track, index) => (
              <li key={track.id} data-song-id={track.id} className="flex flex-wrap items-center gap-3 rounded-xl border border-ink-700 bg-ink-900 px-4 py-3">
                <span className="w-6 text-sm text-slate-400">{index + 1}.</span>
                <span className="min-w-0 flex-1 truncate font-semibold text-white">{track.name}</span>
                {track.durationSeconds ? <span className="text-xs text-slate-400">{formatSeconds(track.durationSeconds)}</span> : null}
                <TrackButton intent="up" songId={track.id} label={`Move ${track.name} up`} disabled={index === 0}>
                  ↑
                </TrackButton>
                <TrackButton intent="down" songId={track.id} label={`Move ${track.name} down`} disabled={index === data.tracks.length - 1}>
                  ↓
                </TrackButton>
                <TrackButton intent="remove" songId={track.id} label={`Remove ${track.name}`}>
                  Remove
                </TrackButton>
              </li>
            ))}
          </ol>
        )}
      </section>
      <section aria-labelledby="available-heading" className="mt-10">
        <h2 id="available-heading" className="text-lg font-semibold text-white">
          Your saved songs
        </h2>
        {data.available.length === 0 ? (
          <p className="mt-2 text-sm text-slate-400">
            No other saved songs. <Link to="/create" className="text-brand-300 underline">Create</Link> and save songs to release them.
          </p>
        ) : (
          <ul aria-label="Saved songs" className="mt-3 grid gap-2">
            {data.available.map((song) => (
              <li key={song.id} data-song-id={song.id} className="flex flex-wrap items-center gap-3 rounded-xl border border-ink-700 px-4 py-3">
                <span className="min-w-0 flex-1 truncate text-slate-100">{song.name}</span>
                {song.problem ? <span className="text-xs text-amber-200">{song.problem}</span> : null}
                <TrackButton intent="add" songId={song.id} label={`Add ${song.name}`} disabled={song.problem !== null}>
                  Add
                </TrackButton>
              </li>
            ))}
          </ul>
        )}
      </section>
      <div className="mt-10 flex justify-between">
        <Link to={`/release/${data.releaseId}/edit`} className={buttonClass("ghost")}>
          Back: details
        </Link>
        <Link to={`/release/${data.releaseId}/edit/submit`} className={buttonClass("primary")}>
          Next: review
        </Link>
      </div>
    </div>
  );
}

function TrackButton(props: { intent: string; songId: string; label: string; disabled?: boolean; children: string }) {
  return (
    <Form method="post" className="contents">
      <input type="hidden" name="intent" value={props.intent} />
      <input type="hidden" name="songId" value={props.songId} />
      <button type="submit" aria-label={props.label} disabled={props.disabled} className={buttonClass("secondary", "sm")}>
        {props.children}
      </button>
    </Form>
  );
}

export const meta: MetaFunction = () => [{ title: "Release songs · Library · Songloom" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
