// /edit/{songId}/vocals/generativeVocals, generated vocals (GenerativeVocals, spec 1 §2, §3 Vocals, §4
// "Generated vocals", §5, §8, §9): the lyrics (a link to the lyrics editor when there are none), the voice
// picker (radio cards with a preview each) and Generate; then the progress until the vocal is ready for
// review (/edit/{id}/vocals/generativeVocalsReview). The rules are in song-generative-vocals.server.ts,
// shared with /api/song/{id}/generative_vocals.
//
// With JavaScript, Generate calls POST /api/song/{id}/generative_vocals and polls GET every 5 s, at most 25
// times (components/generative-vocals/generative-vocals-poll.ts). Without it the form posts to this page's
// action, which redirects back with ?wait=1, and the page refreshes itself every 5 s (?wait=n counts the
// polls) until the vocal is ready, then the loader sends the browser to the review page.
import { readFormData } from "~/utils/forms";
import { editPageMeta } from "~/utils/edit-page-meta";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect, useReducer, useState, type FormEvent } from "react";
import { buttonClass } from "~/components/button";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import {
  GENERATIVE_VOCALS_POLL_MAX,
  GENERATIVE_VOCALS_POLL_MS,
  initialVocalPollState,
  shouldPollVocal,
  stageLabel,
  vocalError,
  vocalPollStep,
  type GenerativeVocalStatus,
  type VocalError,
} from "~/components/generative-vocals/generative-vocals-poll";
import { ApiError } from "~/server/http.server";
import { loadSongForEditPage, requireEditableSongPage } from "~/services/songs/edit.server";
import { latestGeneratedVocal, requestGenerativeVocal, voices } from "~/services/vocals/generative-vocals.server";
import { findLyrics } from "~/services/lyrics/song-lyrics.server";
import { apiFetch } from "~/utils/api-client";

const IN_PROGRESS = ["pending", "generating_vocal_melody", "generating_vocals_for_sections"];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const loaded = await loadSongForEditPage(request, params.songId);
  const songId = loaded.song.id;
  const url = new URL(request.url);
  const wait = Number(url.searchParams.get("wait") ?? 0) || 0;
  const [lyrics, latest] = await Promise.all([findLyrics(songId), latestGeneratedVocal(songId)]);
  // Without JavaScript the page refreshes while it waits; once the vocal is ready it goes to the review.
  if (wait > 0 && latest?.status === "completed" && !latest.saved) throw redirect(`/edit/${songId}/vocals/generativeVocalsReview`);
  const lines = (lyrics?.sections ?? []).flatMap((section) => section.lines.map((line) => line.value)).filter((line) => line.trim() !== "");
  const progress = (latest?.options as { progress?: number } | undefined)?.progress ?? null;
  return json({
    songId,
    readOnlyReason: loaded.readOnlyReason,
    lyrics: lyrics ? { lines, sections: lyrics.sections.length } : null,
    voices: voices(),
    latest: latest
      ? { status: latest.status as GenerativeVocalStatus, errorCode: latest.errorCode, error: latest.error, voiceId: latest.voiceId, progress, saved: latest.saved }
      : null,
    wait,
    selected: url.searchParams.get("voice") ?? latest?.voiceId ?? null,
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const loaded = await requireEditableSongPage(request, params.songId);
  const form = await readFormData(request);
  const voice = String(form.get("voice") ?? "");
  try {
    await requestGenerativeVocal(loaded, voice);
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) {
      return json({ error: { status: error.status, code: error.code, message: error.message }, voice }, { status: error.status });
    }
    throw error;
  }
  return redirect(`/edit/${loaded.song.id}/vocals/generativeVocals?wait=1`);
}

export default function GenerativeVocalsPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const [poll, dispatch] = useReducer(vocalPollStep, initialVocalPollState);
  const [voice, setVoice] = useState<string | null>(actionData?.voice ?? data.selected);
  const inProgress = data.latest !== null && IN_PROGRESS.includes(data.latest.status);

  // A page opened while a vocal is being sung follows it.
  useEffect(() => {
    if (inProgress) dispatch({ type: "started" });
  }, [inProgress]);

  useEffect(() => {
    if (!shouldPollVocal(poll)) return;
    const timer = window.setTimeout(async () => {
      try {
        const response = await apiFetch(`/api/song/${data.songId}/generative_vocals`);
        if (!response.ok) return dispatch({ type: "failed" });
        const body = await response.json();
        dispatch({ type: "status", status: body.status, errorCode: body.error_code, error: body.error, progress: body.progress });
      } catch {
        dispatch({ type: "failed" });
      }
    }, GENERATIVE_VOCALS_POLL_MS);
    return () => window.clearTimeout(timer);
  }, [poll, data.songId]);

  useEffect(() => {
    if (poll.phase === "completed") navigate(`/edit/${data.songId}/vocals/generativeVocalsReview`);
  }, [poll.phase, data.songId, navigate]);

  const generate = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    dispatch({ type: "dismissed" });
    try {
      const response = await apiFetch(`/api/song/${data.songId}/generative_vocals`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(voice ? { voice } : {}),
      }, { conflict: "return" });
      if (response.status === 202) return dispatch({ type: "started" });
      const body = (await response.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
      dispatch({ type: "rejected", httpStatus: response.status, code: body?.error?.code, message: body?.error?.message });
    } catch {
      dispatch({ type: "rejected", httpStatus: 0 });
    }
  };

  if (data.readOnlyReason) {
    return (
      <p data-testid="read-only-reason" className="rounded-xl border border-amber-400/40 bg-amber-950/30 px-4 py-3 text-sm text-amber-100">
        {data.readOnlyReason}
      </p>
    );
  }

  // Which error to show: the poll's (JavaScript), the action's (no JavaScript), or the stored one on a reload.
  let error: VocalError | null = null;
  if (poll.phase === "error") error = poll.error;
  else if (poll.phase === "polling") error = poll.contentError;
  else if (actionData?.error) error = actionData.error.status === 429 ? { kind: "specific", code: "daily_limit", message: actionData.error.message } : vocalError(actionData.error.code, actionData.error.message);
  else if (poll.phase === "idle" && data.latest?.status === "error" && data.wait > 0) error = vocalError(data.latest.errorCode, data.latest.error);
  else if (!hydrated && inProgress && data.wait > GENERATIVE_VOCALS_POLL_MAX) error = vocalError("generic_error");

  const waitingWithoutJs = !hydrated && inProgress && data.wait > 0 && data.wait <= GENERATIVE_VOCALS_POLL_MAX;
  const busy = poll.phase === "polling" || waitingWithoutJs || navigation.state === "submitting";
  const stage = poll.phase === "polling" ? poll.status : ((data.latest?.status ?? "pending") as GenerativeVocalStatus);
  const progress = poll.phase === "polling" ? poll.progress : data.latest?.progress;

  return (
    <div className="grid max-w-3xl gap-8">
      {waitingWithoutJs ? (
        <noscript>
          <meta httpEquiv="refresh" content={`${GENERATIVE_VOCALS_POLL_MS / 1000};url=?wait=${data.wait + 1}`} />
        </noscript>
      ) : null}
      <section aria-labelledby="gv-lyrics-heading" className="grid gap-2">
        <h2 id="gv-lyrics-heading" className="text-lg font-semibold text-white">
          Your lyrics
        </h2>
        {data.lyrics && data.lyrics.lines.length > 0 ? (
          <>
            <ul data-testid="gv-lyrics" className="grid gap-0.5 text-sm text-slate-300">
              {data.lyrics.lines.slice(0, 6).map((line, index) => (
                <li key={index}>{line}</li>
              ))}
            </ul>
            {data.lyrics.lines.length > 6 ? <p className="text-xs text-slate-500">…and {data.lyrics.lines.length - 6} more lines</p> : null}
            <p>
              <Link to={`/edit/${data.songId}/vocals/addLyrics`} className="text-sm text-accent-300 underline">
                Edit the lyrics
              </Link>
            </p>
          </>
        ) : (
          <p data-testid="gv-no-lyrics" className="rounded-xl border border-ink-700 bg-ink-900 px-4 py-3 text-sm text-slate-300">
            This song has no lyrics yet. A voice sings the song's lyrics, so{" "}
            <Link to={`/edit/${data.songId}/vocals/addLyrics`} className="text-accent-300 underline">
              write or generate lyrics first
            </Link>
            .
          </p>
        )}
      </section>

      <Form method="post" onSubmit={hydrated ? generate : undefined} className="grid gap-4" aria-labelledby="gv-voices-heading">
        <fieldset className="grid gap-3">
          <legend id="gv-voices-heading" className="text-lg font-semibold text-white">
            Choose a voice
          </legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {data.voices.map((entry) => (
              <div key={entry.voice_id} className="rounded-2xl border border-ink-700 bg-ink-900 p-4 has-checked:border-brand-400">
                <label className="flex cursor-pointer items-start gap-3">
                  <input
                    type="radio"
                    name="voice"
                    value={entry.voice_id}
                    checked={voice === entry.voice_id}
                    onChange={() => {
                      setVoice(entry.voice_id);
                      dispatch({ type: "dismissed" });
                    }}
                    className="mt-1"
                  />
                  <span>
                    <span className="block font-semibold text-white">{entry.name}</span>
                    <span className="block text-xs text-slate-400 capitalize">{entry.gender}</span>
                    <span className="mt-1 block text-sm text-slate-300">{entry.description}</span>
                  </span>
                </label>
                <audio controls preload="none" src={entry.preview_url} aria-label={`Preview ${entry.name}`} className="mt-3 h-8 w-full" />
              </div>
            ))}
          </div>
        </fieldset>
        <div>
          <button type="submit" disabled={busy} className={buttonClass("primary")}>
            {busy ? "Generating…" : "Generate vocals"}
          </button>
        </div>
        {busy && navigation.state !== "submitting" ? (
          <div role="status" data-testid="gv-progress" data-stage={stage} className="grid gap-2 text-sm text-accent-200">
            <p>{stageLabel(stage)}</p>
            <progress max={1} value={progress ?? undefined} className="w-full" aria-label="Vocal progress" />
            <p className="text-xs text-slate-400">A whole song takes a minute or two. You can stay on this page.</p>
          </div>
        ) : null}
        {error ? (
          <p role="alert" data-testid="gv-error" data-kind={error.kind} data-code={error.code} className="rounded-xl border border-rose-400/40 bg-rose-950/30 px-4 py-3 text-sm text-rose-200">
            {error.message}
          </p>
        ) : null}
        {data.latest?.status === "completed" && !data.latest.saved && !busy ? (
          <p className="text-sm">
            <Link to={`/edit/${data.songId}/vocals/generativeVocalsReview`} className="text-accent-300 underline">
              Review your last generated vocal
            </Link>
          </p>
        ) : null}
      </Form>
    </div>
  );
}

export const meta = editPageMeta("Generated vocals");

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
