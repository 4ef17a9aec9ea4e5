// /master/{songId} (spec 2 §2, §4): Songloom Mastering, four steps for the song's owner (verified only):
// Song Sample (the 30-second window, the intensity and the platform), Select Preview (every preset's
// preview with A/B against the unmastered sample at matched loudness, loudness before and after, a
// spectrum picture each), Checkout (price, the non-refundable notice, payment) and Master Song. Every step
// is a plain form; while files are made the page polls GET /api/song/{id}/dolby/track every 2.5 s, or
// refreshes itself without JavaScript. docs/mastering.md.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { buttonClass } from "~/components/button";
import { formatSeconds, usePlayerActions, usePlayerState } from "~/components/player";
import { playerSong } from "~/components/player/api";
import { invalidInput } from "~/server/api.server";
import { ApiError } from "~/server/http.server";
import {
  deleteMasteringFile,
  masteringPage,
  PresetChoiceSchema,
  requestPreviews,
  SampleFormSchema,
  selectPreset,
  startMaster,
  startMasteringCheckout,
  type MasteringPage,
  type PreviewView,
} from "~/services/mastering/index.server";
import { loadSongForEditPage } from "~/services/songs/edit.server";
import { wavReadiness } from "~/services/songs/wav.server";
import { MASTERING_ERRORS, MASTERING_STEPS, POLL_MS } from "~/utils/mastering";
import { apiFetch } from "~/utils/api-client";

export const meta: MetaFunction = () => [{ title: "Songloom Mastering" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, song } = await loadSongForEditPage(request, params.songId);
  const url = new URL(request.url);
  // Back from the payment page (?checkout=done): the purchase is paid once the signed payment webhook says so,
  // which masteringPage reads; the return URL itself proves nothing.
  const page = await masteringPage(song, user.id);
  // Sent back while the WAV was being made (spec 2 §4): the form again, as the user filled it in.
  const asked = url.searchParams.get("wav") === "waiting" && page.step === 0;
  const wavReady = wavReadiness(song).status === "ready";
  const notice = !asked ? null : wavReady ? "Your song's WAV is ready: press Make previews." : "Preparing your song's WAV for the previews…";
  if (asked) {
    const start = Number(url.searchParams.get("start"));
    const intensity = Number(url.searchParams.get("intensity"));
    if (Number.isInteger(start)) page.sample.defaultStartSeconds = Math.min(page.sample.latestStartSeconds, Math.max(0, start));
    if (Number.isInteger(intensity) && intensity >= 0 && intensity <= 100) page.sample.defaultIntensity = intensity;
    const platform = url.searchParams.get("platform");
    if (page.platforms.some((p) => p.id === platform)) page.sample.defaultPlatform = platform!;
  }
  const error = url.searchParams.get("error");
  return { page, notice, wavWaiting: asked && !wavReady, error: error && error in MASTERING_ERRORS ? { code: error, message: MASTERING_ERRORS[error as keyof typeof MASTERING_ERRORS] } : null };
}

type ActionResult = { error: { code: string; message: string; fields?: Record<string, string[]> }; waiting?: boolean };

export async function action({ request, params }: ActionFunctionArgs): Promise<ActionResult | Response> {
  const { user, song } = await loadSongForEditPage(request, params.songId);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const here = `/master/${song.id}`;
  try {
    switch (intent) {
      case "preview": {
        const parsed = SampleFormSchema.safeParse(Object.fromEntries(form));
        if (!parsed.success) throw invalidInput(parsed.error);
        const result = await requestPreviews(song, user.id, parsed.data);
        if (result.status === "waiting_for_wav") {
          const query = new URLSearchParams({ wav: "waiting", start: String(parsed.data.startSeconds), intensity: String(parsed.data.intensity), platform: parsed.data.platform });
          return redirect(`${here}?${query}`, 303);
        }
        return redirect(here, 303);
      }
      case "delete-previews":
        await deleteMasteringFile(song.id, "dolby_previews");
        return redirect(here, 303);
      case "select": {
        const preset = PresetChoiceSchema.safeParse(form.get("preset"));
        if (!preset.success) throw new ApiError(400, "ERROR_PRESET_SELECTION", MASTERING_ERRORS.ERROR_PRESET_SELECTION);
        await selectPreset(song, user.id, preset.data);
        return redirect(here, 303);
      }
      case "checkout": {
        if (form.get("acknowledge") !== "yes") {
          throw new ApiError(400, "invalid_input", "Confirm that you understand the purchase is non-refundable.", { acknowledge: ["Tick this box to continue."] });
        }
        const page = await masteringPage(song, user.id);
        if (!page.master) throw new ApiError(409, "ERROR_PRESET_SELECTION", MASTERING_ERRORS.ERROR_PRESET_SELECTION);
        const returnUrl = new URL(here, request.url).toString();
        const preset = String(page.master.metadata.preset);
        return redirect(await startMasteringCheckout({ song, user, preset, returnUrl }), 303);
      }
      case "master":
        await startMaster(song, user.id);
        return redirect(here, 303);
      case "delete-master":
        await deleteMasteringFile(song.id, "dolby_master");
        return redirect(here, 303);
      default:
        throw new ApiError(400, "invalid_input", "Unknown action.");
    }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { error: { code: error.code, message: error.message, fields: error.fields } };
  }
}

const lufs = (value: number) => `${value.toFixed(1)} LUFS`;
const dbtp = (value: number) => `${value.toFixed(1)} dBTP`;

export default function MasteringRoute() {
  const { page, notice, wavWaiting, error } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const shownError = (actionData && "error" in actionData ? actionData.error : null) ?? error ?? page.fileError;
  const usePolling = page.poll || wavWaiting;
  useTrackPolling(page.song.id, page.poll);
  useWavRetry(notice !== null);

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
      {usePolling ? (
        <noscript>
          <meta httpEquiv="refresh" content="3" />
        </noscript>
      ) : null}
      <nav aria-label="Breadcrumb" className="text-sm text-slate-400">
        <Link to="/library" className="hover:text-white">
          Library
        </Link>
        <span aria-hidden="true"> / </span>
        <Link to={`/edit/${page.song.id}`} className="hover:text-white">
          {page.song.name}
        </Link>
        <span aria-hidden="true"> / </span>
        <span className="text-slate-200">Mastering</span>
      </nav>
      <h1 className="mt-3 text-3xl font-bold text-white">Songloom Mastering</h1>
      <Intro page={page} />
      <ol className="mt-6 grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label="Steps">
        {MASTERING_STEPS.map((label, index) => (
          <li
            key={label}
            aria-current={index === page.step ? "step" : undefined}
            className={`rounded-xl border px-3 py-2 text-sm ${index === page.step ? "border-brand-400 bg-ink-800 text-white" : index < page.step ? "border-ink-700 text-slate-300" : "border-ink-800 text-slate-500"}`}
          >
            <span className="font-semibold">{index + 1}.</span> {label}
          </li>
        ))}
      </ol>
      {shownError ? (
        <p role="alert" className="mt-6 rounded-xl border border-red-500/50 bg-red-950/40 p-4 text-sm text-red-100" data-error-code={shownError.code}>
          {shownError.message}
        </p>
      ) : null}
      {notice ? (
        <p role="status" className="mt-6 rounded-xl border border-ink-700 bg-ink-900 p-4 text-sm text-slate-200">
          {notice}
        </p>
      ) : null}
      <div className="mt-6 grid gap-6">
        {page.step === 0 ? <SongSample page={page} fields={actionData && "error" in actionData ? actionData.error.fields : undefined} /> : null}
        {page.step >= 1 ? <SelectPreview page={page} /> : null}
        {page.step === 2 ? <Checkout page={page} fieldErrors={actionData && "error" in actionData ? actionData.error.fields : undefined} /> : null}
        {page.step === 3 ? <MasterSong page={page} /> : null}
      </div>
    </div>
  );
}

function Intro({ page }: { page: MasteringPage }) {
  if (!page.product) {
    return (
      <p role="alert" className="mt-4 rounded-xl border border-red-500/50 bg-red-950/40 p-4 text-sm text-red-100" data-error-code="ERROR_LOADING_PRODUCT">
        {MASTERING_ERRORS.ERROR_LOADING_PRODUCT}
      </p>
    );
  }
  return (
    <p className="mt-3 max-w-3xl text-slate-300">
      Master “{page.song.name}” for <strong className="text-white" data-testid="price">{page.product.price}</strong>: hear your song through fourteen
      mastering presets, pick the one you like, and get a master at the loudness streaming services expect, ready to release to 40+ platforms.
      {" "}
      {page.notice}
    </p>
  );
}

function Section({ title, children, id }: { title: string; children: React.ReactNode; id: string }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-ink-700 bg-ink-900 p-5">
      <h2 id={id} className="text-lg font-semibold text-white">
        {title}
      </h2>
      {children}
    </section>
  );
}

const inputClass = "mt-1 w-full rounded-lg border border-ink-600 bg-ink-950 px-3 py-2 text-slate-100";

function SongSample({ page, fields }: { page: MasteringPage; fields?: Record<string, string[]> }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "preview";
  const [start, setStart] = useState(page.sample.defaultStartSeconds);
  const end = Math.min(page.song.durationSeconds, start + page.sample.seconds);
  return (
    <Section title="1. Song Sample" id="sample-heading">
      <p className="mt-2 text-sm text-slate-400">
        The previews are made from {page.sample.seconds} seconds of your song: by default its loudest stretch. Move the window if another part
        shows the song better. One preview sample per song.
      </p>
      <audio className="mt-4 w-full" controls preload="none" src={`${page.song.audioUrl}#t=${start},${end}`} data-testid="sample-audio" />
      <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-3">
        <label className="text-sm text-slate-300">
          Start at (seconds, 0–{page.sample.latestStartSeconds})
          <input
            name="startSeconds"
            type="number"
            min={0}
            max={page.sample.latestStartSeconds}
            step={1}
            value={start}
            onChange={(event) => setStart(Math.max(0, Math.min(page.sample.latestStartSeconds, Number(event.target.value) || 0)))}
            className={inputClass}
            aria-describedby="window-hint"
          />
          <span id="window-hint" className="mt-1 block text-xs text-slate-500">
            {formatSeconds(start)} to {formatSeconds(end)}
          </span>
          <FieldError messages={fields?.startSeconds} />
        </label>
        <label className="text-sm text-slate-300">
          Intensity (0–100)
          <input name="intensity" type="number" min={0} max={100} step={1} defaultValue={page.sample.defaultIntensity} className={inputClass} />
          <FieldError messages={fields?.intensity} />
        </label>
        <label className="text-sm text-slate-300">
          Loudness for
          <select name="platform" defaultValue={page.sample.defaultPlatform} className={inputClass}>
            {page.platforms.map((platform) => (
              <option key={platform.id} value={platform.id}>
                {platform.name} ({platform.normalizationLufs === null ? `no normalisation: ${platform.targetLufs} LUFS` : `${platform.targetLufs} LUFS`})
              </option>
            ))}
          </select>
          <FieldError messages={fields?.platform} />
        </label>
        <div className="sm:col-span-3">
          <button type="submit" name="intent" value="preview" disabled={busy} className={buttonClass("primary")}>
            {busy ? "Starting…" : "Make previews"}
          </button>
        </div>
      </Form>
    </Section>
  );
}

function FieldError({ messages }: { messages?: string[] }) {
  return messages?.length ? <span className="mt-1 block text-xs text-red-300">{messages.join(" ")}</span> : null;
}

function SelectPreview({ page }: { page: MasteringPage }) {
  const previews = page.previews!;
  const ready = previews.status === "ready" && previews.previews;
  const chosen = page.master ? String(page.master.metadata.preset) : null;
  const locked = page.master !== null && page.master.status !== "waiting" && page.master.status !== "failed";
  return (
    <Section title="2. Select Preview" id="preview-heading">
      {!ready ? (
        <p role="status" className="mt-3 text-sm text-slate-300" data-testid="previews-status">
          {previews.status === "failed" ? "The previews could not be made." : "Making the fourteen previews… this takes a few seconds."}
        </p>
      ) : (
        <PreviewList page={page} chosen={chosen} locked={locked} />
      )}
      {!locked ? (
        <Form method="post" className="mt-4">
          <button type="submit" name="intent" value="delete-previews" className={buttonClass("ghost", "sm")}>
            Choose another sample
          </button>
        </Form>
      ) : null}
    </Section>
  );
}

function PreviewList({ page, chosen, locked }: { page: MasteringPage; chosen: string | null; locked: boolean }) {
  const { previews } = page.previews!;
  const original = previews!.original;
  const ab = useAbPlayer(page);
  return (
    <>
      <p className="mt-2 text-sm text-slate-400">
        {formatSeconds(previews!.sampleStartSeconds)}–{formatSeconds(previews!.sampleStartSeconds + previews!.sampleSeconds)} of your song, at intensity{" "}
        {String(page.previews!.metadata.intensity)}, every preview at {String(page.previews!.metadata.targetLufs)} LUFS under −1 dBTP. “A” is your
        unmastered sample at the same loudness{original ? ` (${lufs(original.after.lufs)})` : ""}: switch between A and B to hear what a preset does.
      </p>
      {original ? (
        <div className="mt-3 flex flex-wrap items-center gap-3 text-sm text-slate-300">
          <span>A, unmastered:</span>
          <audio controls preload="none" src={original.url} data-testid="original-audio" />
        </div>
      ) : null}
      <ul className="mt-4 grid gap-4 md:grid-cols-2" aria-label="Previews">
        {previews!.items.map((preview) => (
          <li
            key={preview.letter}
            data-testid={`preview-${preview.letter}`}
            className={`rounded-xl border p-4 ${chosen === preview.letter ? "border-brand-400 bg-ink-800" : "border-ink-700"}`}
          >
            <div className="flex items-baseline justify-between gap-2">
              <h3 className="font-semibold text-white">
                <span className="uppercase text-brand-300">{preview.letter}</span> · {preview.name}
              </h3>
              <span className="text-xs text-slate-400">
                {lufs(preview.before.lufs)} → {lufs(preview.after.lufs)}, {dbtp(preview.after.truePeakDb)}
              </span>
            </div>
            <p className="mt-1 text-sm text-slate-400">{preview.character}</p>
            <div className="mt-2 text-brand-300" dangerouslySetInnerHTML={{ __html: preview.spectrumSvg }} />
            <audio className="mt-2 w-full" controls preload="none" src={preview.url} />
            <div className="mt-3 flex flex-wrap gap-2">
              {ab ? (
                <>
                  <button type="button" className={buttonClass(ab.playing === preview.letter ? "accent" : "secondary", "sm")} onClick={() => ab.play(preview)} aria-pressed={ab.playing === preview.letter}>
                    B: play {preview.name}
                  </button>
                  {original ? (
                    <button type="button" className={buttonClass(ab.playing === `A:${preview.letter}` ? "accent" : "secondary", "sm")} onClick={() => ab.playOriginal(preview)} aria-pressed={ab.playing === `A:${preview.letter}`}>
                      A: unmastered
                    </button>
                  ) : null}
                </>
              ) : null}
              {!locked ? (
                <Form method="post">
                  <input type="hidden" name="preset" value={preview.letter} />
                  <button type="submit" name="intent" value="select" className={buttonClass(chosen === preview.letter ? "primary" : "ghost", "sm")}>
                    {chosen === preview.letter ? `Chosen: ${preview.name}` : `Choose ${preview.name}`}
                  </button>
                </Form>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * A/B in the persistent player: B plays a preset's preview, A the unmastered sample, and switching keeps
 * the position, so the same bar is heard both ways. Null before hydration (the <audio> players serve then).
 */
function useAbPlayer(page: MasteringPage) {
  const player = usePlayerActions();
  const state = usePlayerState();
  const [hydrated, setHydrated] = useState(false);
  const [playing, setPlaying] = useState<string | null>(null);
  useEffect(() => setHydrated(true), []);
  if (!hydrated) return null;
  const original = page.previews?.previews?.original ?? null;
  const start = (key: string, url: string, label: string) => {
    const position = playing ? state.elapsed : 0;
    player.play({
      ...playerSong(
        { id: `${page.song.id}-master-${key}`, songName: label, artistName: "", durationSeconds: page.sample.seconds, style: "", filter: "", tempo: null, key: null, compositionId: null, productionId: null },
        url,
      ),
    });
    if (position > 0) window.setTimeout(() => player.seek(position), 50);
    setPlaying(key);
  };
  return {
    playing,
    play: (preview: PreviewView) => start(preview.letter, preview.url, `${page.song.name}: B, ${preview.name}`),
    playOriginal: (preview: PreviewView) => original && start(`A:${preview.letter}`, original.url, `${page.song.name}: A, unmastered`),
  };
}

function Checkout({ page, fieldErrors }: { page: MasteringPage; fieldErrors?: Record<string, string[]> }) {
  const chosen = page.presets.find((preset) => preset.letter === page.master?.metadata.preset);
  return (
    <Section title="3. Checkout" id="checkout-heading">
      <p className="mt-2 text-sm text-slate-300">
        Your song will be mastered with <strong className="text-white">{chosen?.name ?? "the chosen preset"}</strong>
        {page.product ? (
          <>
            {" "}
            for <strong className="text-white">{page.product.price}</strong>
          </>
        ) : null}
        .
      </p>
      <p className="mt-2 rounded-lg border border-amber-500/40 bg-amber-950/30 p-3 text-sm text-amber-100" data-testid="non-refundable">
        {page.notice}
      </p>
      {page.paymentsAvailable && page.product ? (
        <Form method="post" className="mt-4 grid gap-3">
          <label className="flex items-start gap-2 text-sm text-slate-300">
            <input type="checkbox" name="acknowledge" value="yes" required className="mt-1" />
            I understand that this purchase is non-refundable.
          </label>
          <FieldError messages={fieldErrors?.acknowledge} />
          <div>
            <button type="submit" name="intent" value="checkout" className={buttonClass("primary")}>
              Pay {page.product.price}
            </button>
          </div>
        </Form>
      ) : (
        <p role="status" className="mt-4 text-sm text-slate-400" data-testid="payments-unavailable">
          Card payments are not set up on this server yet, so mastering cannot be bought here.
        </p>
      )}
    </Section>
  );
}

function MasterSong({ page }: { page: MasteringPage }) {
  const master = page.master!;
  const metadata = master.metadata as { preset: string; targetLufs: number; before?: { lufs: number; truePeakDb: number }; after?: { lufs: number; truePeakDb: number } };
  const preset = page.presets.find((p) => p.letter === metadata.preset);
  const player = usePlayerActions();
  return (
    <Section title="4. Master Song" id="master-heading">
      {master.status === "waiting" || master.status === "failed" ? (
        <Form method="post" className="mt-3 flex flex-wrap items-center gap-3">
          <p className="text-sm text-slate-300">Paid. Master the whole song with {preset?.name ?? metadata.preset}.</p>
          <button type="submit" name="intent" value="master" className={buttonClass("primary")}>
            Master my song
          </button>
        </Form>
      ) : master.status === "ready" && metadata.after && metadata.before ? (
        <div className="mt-3 grid gap-3 text-sm text-slate-300">
          <p data-testid="master-ready">
            Mastered with {preset?.name}: {lufs(metadata.before.lufs)} → <strong className="text-white">{lufs(metadata.after.lufs)}</strong>, true peak{" "}
            {dbtp(metadata.after.truePeakDb)}. This is now what plays, downloads and is released.
          </p>
          <audio controls preload="none" src={page.song.audioUrl} className="w-full" data-testid="master-audio" />
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={buttonClass("secondary", "sm")}
              onClick={() =>
                player.play(
                  playerSong(
                    { id: page.song.id, songName: page.song.name, artistName: "", durationSeconds: page.song.durationSeconds, style: "", filter: "", tempo: null, key: null, compositionId: null, productionId: null },
                    page.song.audioUrl,
                  ),
                )
              }
            >
              Play in the player
            </button>
            <Link to={`/edit/${page.song.id}`} className={buttonClass("ghost", "sm")}>
              Back to the song
            </Link>
            <Form method="post">
              <button type="submit" name="intent" value="delete-master" className={buttonClass("ghost", "sm")}>
                Remove the master
              </button>
            </Form>
          </div>
        </div>
      ) : (
        <p role="status" className="mt-3 text-sm text-slate-300" data-testid="master-status">
          Mastering your song with {preset?.name}…
        </p>
      )}
    </Section>
  );
}

/**
 * While files are being made: GET /api/song/{id}/dolby/track every 2.5 s (spec 2 §4), then the page's data
 * again once nothing is left to wait for (or something failed).
 */
function useTrackPolling(songId: string, active: boolean) {
  const revalidator = useRevalidator();
  const stopped = useRef(false);
  useEffect(() => {
    if (!active) return;
    stopped.current = false;
    let timer = 0;
    const tick = async () => {
      try {
        const response = await apiFetch(`/api/song/${songId}/dolby/track`, { headers: { Accept: "application/json" } });
        const body = response.ok ? ((await response.json()) as { poll: boolean }) : { poll: false };
        if (stopped.current) return;
        if (!body.poll) return revalidator.revalidate();
      } catch {
        // A network hiccup: try again at the next tick.
      }
      if (!stopped.current) timer = window.setTimeout(tick, POLL_MS);
    };
    timer = window.setTimeout(tick, POLL_MS);
    return () => {
      stopped.current = true;
      window.clearTimeout(timer);
    };
  }, [songId, active]); // eslint-disable-line react-hooks/exhaustive-deps -- the revalidator changes identity on every state
}

/** The WAV was not ready: the sample form is sent again after 2.5 s (spec 2 §4), with the same values. */
function useWavRetry(waiting: boolean) {
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setTimeout(() => {
      const url = new URL(window.location.href);
      const form = document.createElement("form");
      form.method = "post";
      form.action = url.pathname;
      const fields = { intent: "preview", startSeconds: url.searchParams.get("start") ?? "0", intensity: url.searchParams.get("intensity") ?? "70", platform: url.searchParams.get("platform") ?? "spotify" };
      for (const [name, value] of Object.entries(fields)) {
        const input = document.createElement("input");
        input.type = "hidden";
        input.name = name;
        input.value = value;
        form.append(input);
      }
      document.body.append(form);
      form.submit();
    }, POLL_MS);
    return () => window.clearTimeout(timer);
  }, [waiting]);
}
