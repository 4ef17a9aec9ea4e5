// /edit/{songId}/vocals/modes, the choice of vocal mode (spec 1 §2, §3 Vocals: auto, custom, none).
// Auto and custom open the Vocals tab in that mode (/edit/{id}/vocals?mode=…), where a take is recorded or
// uploaded. None is a form post: it takes the song's vocal off if it has one (a new version without it, as
// DELETE /api/song/{id}/vocal) and opens the Vocals tab; a song without a vocal goes back to its options page.
// A voice singing the lyrics is on /edit/{id}/vocals/generativeVocals, linked from here too.
import { editPageMeta } from "~/utils/edit-page-meta";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { buttonClass } from "~/components/button";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { loadSongForEditPage, requireEditableSongPage } from "~/services/songs/edit.server";
import { removeSongVocal, songHasVocal } from "~/services/vocals/vocal-take.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { song, readOnlyReason } = await loadSongForEditPage(request, params.songId);
  return { songId: song.id, readOnlyReason, hasVocal: await songHasVocal(song) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const loaded = await requireEditableSongPage(request, params.songId);
  if (await songHasVocal(loaded.song)) {
    await removeSongVocal(loaded);
    return redirect(`/edit/${loaded.song.id}/vocals`);
  }
  return redirect(`/edit/${loaded.song.id}`);
}

const card = "grid gap-2 rounded-2xl border border-ink-700 bg-ink-900 p-5 text-left hover:border-brand-400 focus-visible:border-brand-400";

export default function VocalModesPage() {
  const data = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const disabled = data.readOnlyReason !== null;
  return (
    <div className="grid max-w-3xl gap-6">
      <h2 className="text-lg font-semibold text-white">How should this song be sung?</h2>
      {data.readOnlyReason ? (
        <p data-testid="read-only-reason" className="rounded-xl border border-amber-400/40 bg-amber-950/30 px-4 py-3 text-sm text-amber-100">
          {data.readOnlyReason}
        </p>
      ) : null}
      <ul className="grid gap-4 sm:grid-cols-3" aria-label="Vocal modes">
        <li>
          <Link to={`/edit/${data.songId}/vocals?mode=auto`} className={card} aria-disabled={disabled || undefined}>
            <span className="font-semibold text-white">Auto</span>
            <span className="text-sm text-slate-400">Sing or upload your take; it is lined up with the beat, tuned to the key and produced for you.</span>
          </Link>
        </li>
        <li>
          <Link to={`/edit/${data.songId}/vocals?mode=custom`} className={card} aria-disabled={disabled || undefined}>
            <span className="font-semibold text-white">Custom</span>
            <span className="text-sm text-slate-400">Your take, with the amount of pitch correction and the production effect you choose.</span>
          </Link>
        </li>
        <li>
          <Form method="post" className="h-full">
            <button type="submit" disabled={disabled || navigation.state === "submitting"} className={`${card} h-full w-full disabled:opacity-50`}>
              <span className="font-semibold text-white">None</span>
              <span className="text-sm text-slate-400">{data.hasVocal ? "Remove the vocal: the song goes back to its instrumental." : "No vocal: back to the song."}</span>
            </button>
          </Form>
        </li>
      </ul>
      <p className="text-sm text-slate-400">
        No recording? Write{" "}
        <Link to={`/edit/${data.songId}/vocals/addLyrics`} className="text-accent-300 underline hover:text-white">
          lyrics
        </Link>{" "}
        and let{" "}
        <Link to={`/edit/${data.songId}/vocals/generativeVocals`} className="text-accent-300 underline hover:text-white">
          a generated voice
        </Link>{" "}
        sing them.
      </p>
      <div>
        <Link to={`/edit/${data.songId}/vocals`} className={buttonClass("ghost", "sm")}>
          Back to Vocals
        </Link>
      </div>
    </div>
  );
}

export const meta = editPageMeta("Vocal mode");

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
