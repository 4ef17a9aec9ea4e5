// /edit/{songId}/vocals/generativeVocalsReview, the review of a generated vocal (spec 1 §2, §4 "Generated
// vocals", "Pending vocal"): the song mixed with the new vocal and the vocal alone, then Save (POST
// /api/song/{id}/generative_vocals/save → 202; the pending vocal is then tracked every 2.5 s with the shared
// wait of components/vocals/vocal-poll.ts until the song plays with it: "Saved", and the player plays the
// song) or back to the voices to try another one.
//
// Without JavaScript Save posts to this page's action, which puts the vocal on and redirects back with
// ?saving=1; the page refreshes itself every 2.5 s until the song plays with the vocal.
import { editPageMeta } from "~/utils/edit-page-meta";
import { GENERIC_VOCAL_ERROR } from "~/services/vocals/error-codes";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useRevalidator, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useReducer, useRef, useState, type FormEvent } from "react";
import { buttonClass } from "~/components/button";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { usePlayerActions } from "~/components/player";
import { playerSong } from "~/components/player/api";
import { initialVocalPollState, shouldPollVocal, VOCAL_POLL_MS, vocalPollStep, waitingLabel } from "~/components/vocals/vocal-poll";
import { getVoice } from "~/engine/vocals/voices";
import type { loader as layoutLoader } from "~/routes/edit.$songId";
import { ApiError } from "~/server/http.server";
import { loadSongForEditPage, requireEditableSongPage } from "~/services/songs/edit.server";
import { generativeVocalStatus, latestGeneratedVocal, saveGenerativeVocal } from "~/services/vocals/generative-vocals.server";
import { apiFetch } from "~/utils/api-client";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const loaded = await loadSongForEditPage(request, params.songId);
  const latest = await latestGeneratedVocal(loaded.song.id);
  // Nothing to review yet (or it failed): the voices page shows the progress or the error.
  if (!latest || latest.status !== "completed") throw redirect(`/edit/${loaded.song.id}/vocals/generativeVocals`);
  const status = await generativeVocalStatus(loaded.song);
  return json({
    songId: loaded.song.id,
    readOnlyReason: loaded.readOnlyReason,
    vocalId: status.vocal_id,
    voiceName: getVoice(status.voice_id ?? "")?.name ?? "the voice",
    mixUrl: status.mix_url ?? null,
    vocalUrl: status.vocal_url ?? null,
    saved: status.saved,
    applied: status.applied,
    versionFailed: status.version_status === "failed",
    saving: new URL(request.url).searchParams.get("saving") === "1",
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const loaded = await requireEditableSongPage(request, params.songId);
  try {
    await saveGenerativeVocal(loaded.song);
  } catch (error) {
    // 409 generative_vocal_invalid_status (a newer vocal is being sung or failed since this page was opened).
    if (error instanceof ApiError && error.status < 500) return json({ error: { code: error.code, message: error.message } }, { status: error.status });
    throw error;
  }
  return redirect(`/edit/${loaded.song.id}/vocals/generativeVocalsReview?saving=1`);
}

export default function GenerativeVocalsReviewPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const layout = useRouteLoaderData<typeof layoutLoader>("routes/edit.$songId");
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const player = usePlayerActions();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const [poll, dispatch] = useReducer(vocalPollStep, initialVocalPollState);
  const played = useRef(false);

  // Opened (or reloaded) while the saved vocal is still going on: keep tracking it.
  useEffect(() => {
    if (data.saved && !data.applied && !data.versionFailed) dispatch({ type: "started", vocalId: data.vocalId });
  }, [data.saved, data.applied, data.versionFailed, data.vocalId]);

  useEffect(() => {
    if (!shouldPollVocal(poll)) return;
    const timer = window.setTimeout(async () => {
      try {
        const response = await apiFetch(`/api/song/${data.songId}/generative_vocals`);
        if (!response.ok) return dispatch({ type: "failed" });
        const body = await response.json();
        dispatch({ type: "polled", vocal: { id: body.vocal_id, status: body.status, applied: body.applied, versionStatus: body.version_status, error: body.error ?? null } });
      } catch {
        dispatch({ type: "failed" });
      }
    }, VOCAL_POLL_MS);
    return () => window.clearTimeout(timer);
  }, [poll, data.songId]);

  // Applied: reload the song (its audio is now the mix) and play it.
  useEffect(() => {
    if (poll.phase === "applied") revalidator.revalidate();
  }, [poll.phase]); // once per phase change, not on every revalidator state
  const song = layout?.song;
  useEffect(() => {
    if (poll.phase !== "applied" || played.current || !song?.audioUrl || !data.applied) return;
    played.current = true;
    player.play({ ...playerSong(song, song.audioUrl), songName: song.songName ?? "" });
  }, [poll.phase, song, data.applied, player]);

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      const response = await apiFetch(`/api/song/${data.songId}/generative_vocals/save`, { method: "POST" }, { conflict: "return" });
      if (response.status === 202) return dispatch({ type: "started", vocalId: ((await response.json()) as { vocal_id: string }).vocal_id });
      const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
      dispatch({ type: "rejected", message: body?.error?.message ?? GENERIC_VOCAL_ERROR });
    } catch {
      dispatch({ type: "rejected", message: GENERIC_VOCAL_ERROR });
    }
  };

  const savedDone = data.applied || poll.phase === "applied";
  const waiting = poll.phase === "waiting" || (!hydrated && data.saved && !data.applied && !data.versionFailed);
  const error = poll.phase === "error" ? poll.message : data.versionFailed ? GENERIC_VOCAL_ERROR : (actionData?.error.message ?? null);

  return (
    <div className="grid max-w-3xl gap-6">
      {!hydrated && waiting ? (
        <noscript>
          <meta httpEquiv="refresh" content={`${VOCAL_POLL_MS / 1000}`} />
        </noscript>
      ) : null}
      <h2 className="text-lg font-semibold text-white">Review your vocal, sung by {data.voiceName}</h2>
      <div className="grid gap-2">
        <p className="text-sm text-slate-300">The song with the vocal</p>
        {data.mixUrl ? <audio data-testid="gv-review-mix" controls preload="metadata" src={data.mixUrl} className="w-full" aria-label="The song with the new vocal" /> : null}
        <p className="text-sm text-slate-300">The vocal alone</p>
        {data.vocalUrl ? <audio data-testid="gv-review-vocal" controls preload="none" src={data.vocalUrl} className="w-full" aria-label="The vocal alone" /> : null}
      </div>
      {data.readOnlyReason ? (
        <p className="rounded-xl border border-amber-400/40 bg-amber-950/30 px-4 py-3 text-sm text-amber-100">{data.readOnlyReason}</p>
      ) : (
        <Form method="post" onSubmit={hydrated ? save : undefined} className="flex flex-wrap items-center gap-3">
          <button type="submit" disabled={waiting || savedDone || navigation.state === "submitting"} className={buttonClass("primary")}>
            {savedDone ? "Saved" : waiting ? "Saving…" : "Save vocals"}
          </button>
          <Link to={`/edit/${data.songId}/vocals/generativeVocals`} className={buttonClass("secondary")}>
            Try another voice
          </Link>
        </Form>
      )}
      {waiting ? (
        <p role="status" data-testid="gv-saving" className="text-sm text-accent-200">
          {waitingLabel(poll.phase === "waiting" ? poll : { phase: "waiting", vocalId: null, polls: 0, status: "completed" })} The song keeps playing without it until it is ready.
        </p>
      ) : null}
      {savedDone ? (
        <p role="status" data-testid="gv-saved" className="rounded-xl border border-accent-400/40 bg-ink-900 px-4 py-3 text-sm text-accent-200">
          Saved. Your song now sings with this vocal.
        </p>
      ) : null}
      {error ? (
        <p role="alert" data-testid="gv-save-error" className="rounded-xl border border-rose-400/40 bg-rose-950/30 px-4 py-3 text-sm text-rose-200">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export const meta = editPageMeta("Review vocals");

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
