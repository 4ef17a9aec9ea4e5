// /edit/{songId}/vocals, the Vocals tab (EditVocals / AddVocals, spec 1 §2, §3 Vocals, §4 Pending vocal, §8):
// the song's current vocal (play it, remove it) and, in auto or custom mode (?mode=, chosen on
// /edit/{id}/vocals/modes), a take of the user's own voice: an uploaded WAV or MP3, or a recording made with
// the microphone while the song plays. Auto uses the default effects; custom picks the pitch effect (or none:
// only the production effect) and the production effect. Links lead to the lyrics editor and generated vocals.
// The rules are in app/services/vocals/vocal-take.server.ts, shared with POST /api/vocal_files and
// POST /api/song/vocal.
//
// With JavaScript the take goes through those two APIs and the page polls GET /api/song/{id}/vocal every
// 2.5 s (components/vocals/vocal-poll.ts) until the song plays with it, then reloads the song and plays it.
// Without it the upload form posts (multipart) to this page's action, which redirects back, and the page
// refreshes itself while the vocal is made. Recording needs JavaScript.
import { readFormData } from "~/utils/forms";
import { editPageMeta } from "~/utils/edit-page-meta";
import { GENERIC_VOCAL_ERROR } from "~/services/vocals/error-codes";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useRevalidator, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useReducer, useRef, useState, type FormEvent } from "react";
import { buttonClass } from "~/components/button";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { formatSeconds, usePlayerActions, usePlayerState } from "~/components/player";
import { playerSong } from "~/components/player/api";
import { startRecording, type Recording } from "~/components/vocals/take-recorder";
import { initialVocalPollState, shouldPollVocal, VOCAL_POLL_MS, VOCAL_TIMEOUT_MESSAGE, vocalPollStep, waitingLabel } from "~/components/vocals/vocal-poll";
import { meterFill } from "~/components/vocals/wav-encode";
import { songMediaUrl } from "~/models/song.server";
import { ApiError } from "~/server/http.server";
import { isMultipart, type MultipartUpload } from "~/server/uploads.server";
import { loadSongForEditPage, requireEditableSongPage } from "~/services/songs/edit.server";
import {
  DEFAULT_TAKE_OPTIONS,
  MAX_TAKE_SECONDS,
  MAX_VOCAL_FILE_BYTES,
  PITCH_EFFECTS,
  PRODUCTION_EFFECT_IDS,
  readTakeUpload,
  removeSongVocal,
  requestVocalTake,
  songHasVocal,
  uploadVocalFile,
  vocalPageState,
  VocalTakeRequestSchema,
} from "~/services/vocals/vocal-take.server";
import type { loader as layoutLoader } from "./edit.$songId";
import { apiFetch } from "~/utils/api-client";

type Mode = "auto" | "custom";

const PITCH_LABELS: Record<string, string> = {
  avpr_mild: "Mild: nudges each note towards the key, keeps your vibrato",
  avpr_hard: "Hard: snaps every moment to the note (the robotic sound)",
  none: "None: keep my pitch as sung (production effect only)",
};
const PRODUCTION_LABELS: Record<string, string> = { fxch_av_autotune_w_reverb: "Vocal polish: EQ, compression and reverb" };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const loaded = await loadSongForEditPage(request, params.songId);
  const url = new URL(request.url);
  const state = await vocalPageState(loaded.song);
  return json({
    songId: loaded.song.id,
    readOnlyReason: loaded.readOnlyReason,
    mode: (url.searchParams.get("mode") === "custom" ? "custom" : "auto") as Mode,
    vocal: state.vocal ? { id: state.vocal.id, kind: state.vocal.kind, status: state.vocal.status, error: state.vocal.error, applied: state.vocal.applied, emphasis: state.vocal.emphasis } : null,
    hasVocal: state.hasVocal,
    // The song as it plays now sings (a vocal still being mixed in, or one being taken off, does not count).
    singing: loaded.song.vocalId !== null,
    waiting: state.waiting,
    timedOut: state.timedOut,
    // The instrumental (or the song as it plays) to sing along to while recording.
    // The take is sung over the song without any vocal it has now.
    backingUrl: loaded.song.media ? `${songMediaUrl(loaded.song.id, "instrumental.mp3")}?v=${loaded.song.version}` : null,
    pitchEffects: [...PITCH_EFFECTS, "none"].map((id) => ({ id, label: PITCH_LABELS[id] ?? id })),
    productionEffects: PRODUCTION_EFFECT_IDS.map((id) => ({ id, label: PRODUCTION_LABELS[id] ?? id })),
    defaults: DEFAULT_TAKE_OPTIONS,
    maxMegabytes: MAX_VOCAL_FILE_BYTES / 1024 / 1024,
    maxMinutes: MAX_TAKE_SECONDS / 60,
  });
}

type Errors = { vocalFile?: string; emphasis?: string; options?: string; form?: string };

type Defaults = { pitchEffect: string; productionEffect: string };

/**
 * The take's settings as the page's form sends them (mode, emphasis, pitchEffect, productionEffect). Shared by
 * the action and the browser, so the defaults are passed in: the browser gets them from the loader (a
 * .server module's values do not exist in the client bundle).
 */
function takeSettings(form: FormData, defaults: Defaults) {
  const mode: Mode = form.get("mode") === "custom" ? "custom" : "auto";
  const pitch = String(form.get("pitchEffect") ?? defaults.pitchEffect);
  const production = String(form.get("productionEffect") ?? defaults.productionEffect);
  return {
    mode,
    autoVocal: mode === "auto" || pitch !== "none",
    emphasis: form.get("emphasis") ?? "0.5",
    options: mode === "custom" ? { ...(pitch !== "none" ? { pitchEffect: pitch } : {}), productionEffect: production } : {},
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const loaded = await requireEditableSongPage(request, params.songId);
  const here = `/edit/${loaded.song.id}/vocals`;
  // The upload form is multipart: its file streams to a temporary file (never into memory), cut at 50 MB.
  let upload: MultipartUpload | null = null;
  if (isMultipart(request)) {
    try {
      upload = await readTakeUpload(request);
    } catch (error) {
      if (error instanceof ApiError) return json({ errors: { vocalFile: error.fields?.vocalFile?.[0] ?? error.message } as Errors }, { status: error.status });
      throw error;
    }
  }
  try {
    const form = upload ? upload.fields : await readFormData(request);
    if (form.get("intent") === "remove") {
      if (await songHasVocal(loaded.song)) await removeSongVocal(loaded);
      return redirect(here);
    }
    const { mode, ...settings } = takeSettings(form, DEFAULT_TAKE_OPTIONS);
    const parsed = VocalTakeRequestSchema.omit({ songId: true, vocalFileId: true }).safeParse(settings);
    if (!parsed.success) {
      const errors: Errors = {};
      for (const issue of parsed.error.issues) {
        if (issue.path[0] === "emphasis") errors.emphasis = issue.message;
        else errors.options = issue.message;
      }
      return json({ errors }, { status: 400 });
    }
    try {
      const { vocalFileId } = await uploadVocalFile(loaded.user, upload?.file ?? null);
      await requestVocalTake(loaded, { ...parsed.data, vocalFileId });
    } catch (error) {
      if (error instanceof ApiError && error.status < 500) return json({ errors: { vocalFile: error.fields?.vocalFile?.[0] ?? error.message } as Errors }, { status: error.status });
      throw error;
    }
    return redirect(`${here}?mode=${mode}`);
  } finally {
    await upload?.cleanup();
  }
}

type LayoutSong = NonNullable<ReturnType<typeof useRouteLoaderData<typeof layoutLoader>>>["song"];

export default function VocalsPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const layout = useRouteLoaderData<typeof layoutLoader>("routes/edit.$songId");
  const revalidator = useRevalidator();
  const actions = usePlayerActions();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const [poll, dispatch] = useReducer(vocalPollStep, initialVocalPollState);
  const [sending, setSending] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  useEffect(() => setErrors(actionData?.errors ?? {}), [actionData]);
  const [playWhenReady, setPlayWhenReady] = useState(false);

  // A page opened while a take is being made follows it.
  useEffect(() => {
    if (data.waiting && data.vocal) dispatch({ type: "started", vocalId: data.vocal.id });
  }, [data.waiting, data.vocal?.id]);

  useEffect(() => {
    if (!shouldPollVocal(poll)) return;
    const timer = window.setTimeout(async () => {
      try {
        const response = await apiFetch(`/api/song/${data.songId}/vocal`, { headers: { Accept: "application/json" } });
        if (response.ok) dispatch({ type: "polled", vocal: await response.json() });
        else dispatch({ type: "failed" });
      } catch {
        dispatch({ type: "failed" });
      }
    }, VOCAL_POLL_MS);
    return () => window.clearTimeout(timer);
  }, [poll, data.songId]);

  // Applied: reload the song (the layout's player data and this page), then play the song with its vocal.
  useEffect(() => {
    if (poll.phase !== "applied") return;
    setPlayWhenReady(true);
    revalidator.revalidate();
    dispatch({ type: "reset" });
    // The revalidator's identity changes with every revalidation.
  }, [poll.phase]);
  useEffect(() => {
    if (!playWhenReady || revalidator.state !== "idle" || !layout?.song.audioUrl || !data.hasVocal) return;
    setPlayWhenReady(false);
    actions.play(playable(layout.song));
  }, [playWhenReady, revalidator.state, layout?.song.audioUrl, data.hasVocal]);

  /** With JavaScript: the take through the two APIs, then the wait. */
  const sendTake = async (file: Blob, name: string, settingsForm: HTMLFormElement) => {
    setErrors({});
    setSending(true);
    try {
      const upload = new FormData();
      upload.append("vocalFile", file, name);
      const uploaded = await apiFetch("/api/vocal_files", { method: "POST", body: upload });
      const uploadBody = await uploaded.json();
      if (uploaded.status !== 201) {
        setErrors({ vocalFile: uploadBody.error?.fields?.vocalFile?.[0] ?? uploadBody.error?.message ?? "The upload failed." });
        return;
      }
      const settings = takeSettings(new FormData(settingsForm), data.defaults);
      const started = await apiFetch("/api/song/vocal", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ songId: data.songId, vocalFileId: uploadBody.vocalFileId, autoVocal: settings.autoVocal, emphasis: Number(settings.emphasis), options: settings.options }),
      }, { conflict: "return" });
      const body = await started.json();
      if (started.status === 202) dispatch({ type: "started", vocalId: body.id });
      else dispatch({ type: "rejected", message: body.error?.message ?? GENERIC_VOCAL_ERROR });
    } catch {
      setErrors({ form: "The take could not be sent. Check your connection and try again." });
    } finally {
      setSending(false);
    }
  };

  const onUpload = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const file = (form.elements.namedItem("vocalFile") as HTMLInputElement).files?.[0];
    if (!file) {
      setErrors({ vocalFile: "Choose an audio file (WAV or MP3)." });
      return;
    }
    void sendTake(file, file.name, form);
  };

  const settingsForm = useRef<HTMLFormElement>(null);
  const busy = sending || poll.phase === "waiting" || (!hydrated && data.waiting) || navigation.state === "submitting";
  const waitingText = sending ? "Uploading your take…" : (waitingLabel(poll) ?? (data.waiting ? "Tuning and producing your vocal…" : null));
  // The poll's error (JavaScript), else the stored one (a page opened after the job failed) or the timeout.
  const storedError = data.timedOut ? VOCAL_TIMEOUT_MESSAGE : data.vocal?.kind === "take" && data.vocal.status === "error" ? data.vocal.error : null;
  const vocalError = poll.phase === "error" ? poll.message : poll.phase === "idle" ? storedError : null;

  return (
    // The page's primary action, adding your own take, comes first: the file to upload before the take's
    // settings, the links to the other ways of adding a vocal after it; on a phone the gaps are smaller and
    // the take's explanation is left to the heading, so the action is on the first screen.
    <div className="grid max-w-3xl gap-4 sm:gap-8">
      {data.waiting ? (
        <noscript>
          <meta httpEquiv="refresh" content="3" />
        </noscript>
      ) : null}

      <CurrentVocal data={data} layoutSong={layout?.song ?? null} onPlay={(song) => actions.play(playable(song))} busy={busy} />

      {waitingText && busy ? (
        <p role="status" data-testid="vocal-status" className="flex items-center gap-2 text-sm font-semibold text-accent-200">
          <span aria-hidden="true" className="inline-block size-2 animate-pulse rounded-full bg-accent-400" />
          {waitingText}
        </p>
      ) : null}
      {vocalError ? (
        <p role="alert" data-testid="vocal-error" className="rounded-xl border border-rose-400/40 bg-rose-950/30 px-4 py-3 text-sm text-rose-200">
          {vocalError}
        </p>
      ) : null}

      {data.readOnlyReason ? (
        <p data-testid="read-only-reason" className="rounded-xl border border-amber-400/40 bg-amber-950/30 px-4 py-3 text-sm text-amber-100">
          {data.readOnlyReason}
        </p>
      ) : (
        <section aria-labelledby="take-heading" className="grid gap-4 rounded-2xl border border-ink-700 bg-ink-900 p-4 sm:gap-5 sm:p-5">
          <div>
            <h2 id="take-heading" className="text-base font-semibold text-white sm:text-lg">
              {data.mode === "auto" ? "Auto vocal: your voice, tuned and produced" : "Custom vocal"}
            </h2>
            <p className="mt-1 text-sm text-slate-400">
              {/* The heading says what happens; the detail is for wider screens, where it costs no scrolling. */}
              <span className="hidden sm:inline">
                {data.mode === "auto"
                  ? "Sing along to the song. Your take is lined up with the beat, tuned gently to the song's key and chords, and given compression and reverb."
                  : "Sing along to the song, then choose how much tuning and which production effect your take gets."}{" "}
              </span>
              <Link to={`/edit/${data.songId}/vocals?mode=${data.mode === "auto" ? "custom" : "auto"}`} className="text-accent-300 underline hover:text-white">
                {data.mode === "auto" ? "Choose the effects yourself" : "Use the automatic settings"}
              </Link>
            </p>
          </div>
          <Form
            ref={settingsForm}
            method="post"
            encType="multipart/form-data"
            onSubmit={hydrated ? onUpload : undefined}
            className="grid gap-4"
            aria-label="Upload a take"
            noValidate
          >
            <input type="hidden" name="mode" value={data.mode} />
            <div className="grid gap-2">
              <label htmlFor="vocal-file" className="text-sm font-semibold text-slate-200">
                Upload a take (WAV or MP3, up to {data.maxMegabytes} MB and {data.maxMinutes} minutes)
              </label>
              <input
                id="vocal-file"
                name="vocalFile"
                type="file"
                accept=".wav,.mp3,audio/wav,audio/x-wav,audio/mpeg"
                aria-invalid={errors.vocalFile ? true : undefined}
                aria-describedby={errors.vocalFile ? "vocal-file-error" : undefined}
                onChange={() => setErrors((current) => ({ ...current, vocalFile: undefined }))}
                className="text-sm text-slate-300 file:mr-3 file:rounded-full file:border-0 file:bg-ink-700 file:px-4 file:py-2 file:text-sm file:font-semibold file:text-white"
              />
              {errors.vocalFile ? (
                <p id="vocal-file-error" role="alert" data-testid="vocal-file-error" className="text-sm text-rose-300">
                  {errors.vocalFile}
                </p>
              ) : null}
            </div>
            <TakeSettings data={data} emphasisError={errors.emphasis} optionsError={errors.options} />
            <div className="sticky-actions">
              <button type="submit" disabled={busy} className={buttonClass("primary")}>
                Upload and make my vocal
              </button>
            </div>
          </Form>
          {hydrated ? (
            <Recorder
              backingUrl={data.backingUrl}
              disabled={busy}
              onTake={(take) => settingsForm.current && void sendTake(take, "recording.wav", settingsForm.current)}
            />
          ) : (
            <p className="text-sm text-slate-400">Recording with your microphone needs JavaScript; you can upload a take instead.</p>
          )}
          {errors.form ? (
            <p role="alert" className="text-sm text-rose-300">
              {errors.form}
            </p>
          ) : null}
        </section>
      )}
      <nav aria-label="Vocal options" className="flex flex-wrap items-center gap-2 text-sm">
        <span className="w-full text-slate-400 sm:w-auto">Other ways to add a vocal:</span>
        <Link to={`/edit/${data.songId}/vocals/modes`} className={buttonClass("secondary", "sm")}>
          Choose a vocal mode
        </Link>
        <Link to={`/edit/${data.songId}/vocals/addLyrics`} className={buttonClass("secondary", "sm")}>
          Lyrics
        </Link>
        <Link to={`/edit/${data.songId}/vocals/generativeVocals`} className={buttonClass("secondary", "sm")}>
          Generated vocals<span className="hidden sm:inline"> (a voice sings your lyrics)</span>
        </Link>
      </nav>
    </div>
  );
}

function playable(song: LayoutSong) {
  return { ...playerSong(song, song.audioUrl!), songName: song.unnamed ? `${song.filter} song` : song.songName };
}

type PageData = ReturnType<typeof useLoaderData<typeof loader>>;

function CurrentVocal({ data, layoutSong, onPlay, busy }: { data: PageData; layoutSong: LayoutSong | null; onPlay: (song: LayoutSong) => void; busy: boolean }) {
  const player = usePlayerState();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!data.hasVocal) {
    return (
      <p data-testid="vocal-empty" className="text-sm text-slate-400">
        This song has no vocal yet. Record or upload your own take below, or let a voice sing your lyrics.
      </p>
    );
  }
  const playing = player.playing && player.queue.current?.id === data.songId && player.queue.current.audioUrl === layoutSong?.audioUrl;
  return (
    <section aria-labelledby="current-vocal-heading" data-testid="current-vocal" className="grid gap-3 rounded-2xl border border-accent-400/30 bg-ink-900 p-5">
      <h2 id="current-vocal-heading" className="text-lg font-semibold text-white">
        {data.singing ? "This song sings with your vocal" : "Your vocal is being mixed into the song"}
      </h2>
      {data.vocal ? (
        <p data-testid="active-vocal" className="text-sm text-slate-300">
          Active vocal: <span className="font-semibold text-white">{data.vocal.kind === "generated" ? "a generated voice singing your lyrics" : "your recorded take"}</span>
          {data.vocal.kind === "take" ? `, emphasis ${data.vocal.emphasis} %` : ""}.
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        {hydrated && layoutSong?.audioUrl ? (
          <button type="button" onClick={() => onPlay(layoutSong)} className={buttonClass("secondary")} disabled={playing}>
            {playing ? "Playing…" : "Play the song with its vocal"}
          </button>
        ) : null}
        {data.readOnlyReason ? null : (
          <Form method="post">
            <input type="hidden" name="intent" value="remove" />
            <button type="submit" className={buttonClass("secondary")} disabled={busy}>
              Remove the vocal
            </button>
          </Form>
        )}
      </div>
      {layoutSong?.durationSeconds ? <p className="text-xs text-slate-500">Song length {formatSeconds(layoutSong.durationSeconds)}</p> : null}
    </section>
  );
}

function TakeSettings({ data, emphasisError, optionsError }: { data: PageData; emphasisError?: string; optionsError?: string }) {
  const [emphasis, setEmphasis] = useState(0.5);
  return (
    <div className="grid gap-4">
      <div className="grid gap-1">
        <label htmlFor="vocal-emphasis" className="text-sm font-semibold text-slate-200">
          Vocal emphasis: {Math.round(emphasis * 100)} %
        </label>
        <input
          id="vocal-emphasis"
          name="emphasis"
          type="range"
          min={0}
          max={1}
          step={0.05}
          value={emphasis}
          onChange={(event) => setEmphasis(Number(event.target.value))}
          aria-describedby="vocal-emphasis-help"
          className="w-full max-w-sm accent-brand-400"
        />
        <p id="vocal-emphasis-help" className="text-xs text-slate-400">
          Low tucks your voice into the music; high puts it in front.
        </p>
        {emphasisError ? (
          <p role="alert" className="text-sm text-rose-300">
            {emphasisError}
          </p>
        ) : null}
      </div>
      {data.mode === "custom" ? (
        <>
          <fieldset className="grid gap-2">
            <legend className="text-sm font-semibold text-slate-200">Pitch correction</legend>
            {data.pitchEffects.map((effect) => (
              <label key={effect.id} className="flex items-center gap-2 text-sm text-slate-300">
                <input type="radio" name="pitchEffect" value={effect.id} defaultChecked={effect.id === data.defaults.pitchEffect} className="accent-brand-400" />
                {effect.label}
              </label>
            ))}
          </fieldset>
          <div className="grid gap-1">
            <label htmlFor="production-effect" className="text-sm font-semibold text-slate-200">
              Production effect
            </label>
            <select id="production-effect" name="productionEffect" defaultValue={data.defaults.productionEffect} className="w-full max-w-sm rounded-xl border border-ink-600 bg-ink-950 px-3 py-2 text-sm text-white">
              {data.productionEffects.map((effect) => (
                <option key={effect.id} value={effect.id}>
                  {effect.label}
                </option>
              ))}
            </select>
          </div>
          {optionsError ? (
            <p role="alert" className="text-sm text-rose-300">
              {optionsError}
            </p>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

/** Recording with the microphone while the song plays (JavaScript only): a level meter and the time. */
function Recorder({ backingUrl, disabled, onTake }: { backingUrl: string | null; disabled: boolean; onTake: (take: Blob) => void }) {
  const backing = useRef<HTMLAudioElement>(null);
  const recording = useRef<Recording | null>(null);
  const [state, setState] = useState<"idle" | "starting" | "recording">("idle");
  const [level, setLevel] = useState(0);
  const [seconds, setSeconds] = useState(0);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => () => recording.current?.cancel(), []);

  const start = async () => {
    setError(null);
    setState("starting");
    setSeconds(0);
    try {
      recording.current = await startRecording({
        backing: backing.current,
        onLevel: (rms, elapsed) => {
          setLevel(meterFill(rms));
          setSeconds(elapsed);
        },
      });
      setState("recording");
    } catch (caught) {
      recording.current = null;
      setState("idle");
      setError(caught instanceof DOMException && caught.name === "NotAllowedError" ? "Allow the microphone to record a take." : "The microphone could not be started.");
    }
  };
  const stop = async () => {
    const current = recording.current;
    recording.current = null;
    setState("idle");
    setLevel(0);
    if (current) onTake(await current.stop());
  };

  return (
    <div className="grid gap-3 border-t border-ink-700 pt-4" data-testid="recorder">
      <h3 className="text-sm font-semibold text-slate-200">Or record with your microphone</h3>
      <p className="text-xs text-slate-400">The song plays from the start while you sing; wear headphones so it is not recorded with your voice.</p>
      {backingUrl ? <audio ref={backing} src={backingUrl} preload="auto" className="hidden" /> : null}
      <div className="flex flex-wrap items-center gap-4">
        {state === "recording" ? (
          <button type="button" onClick={() => void stop()} className={buttonClass("primary")}>
            Stop and use this take
          </button>
        ) : (
          <button type="button" onClick={() => void start()} disabled={disabled || state === "starting"} className={buttonClass("secondary")}>
            {state === "starting" ? "Starting…" : "Record a take"}
          </button>
        )}
        {state === "recording" ? (
          <>
            <span role="status" data-testid="recording-elapsed" className="text-sm tabular-nums text-rose-200">
              Recording {formatSeconds(seconds)}
            </span>
            <meter data-testid="recording-level" aria-label="Microphone level" min={0} max={1} value={level} className="h-3 w-40" />
          </>
        ) : null}
      </div>
      {error ? (
        <p role="alert" className="text-sm text-rose-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export const meta = editPageMeta("Vocals");

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
