// /style/{songStyle}/filter/{songFilter}/create, "Creating Song" (spec 1 §2, §4): the song creator and the
// progress of the songs it made. Entry needs the signed token the filter step hands out
// (docs/decisions/007-create-step-entry-token.md); anyone else goes to /style.
//
// Creating posts this page's action (with or without JavaScript), which calls the same createSongs service
// and schema as POST /api/song, then redirects back here with the new song ids. While songs are being
// made the page refreshes itself: a <noscript> meta refresh without JavaScript, a loader revalidation
// every 2.5 s with it; the persistent player tracks the same songs and plays them as they complete.
import { readFormData } from "~/utils/forms";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { NotesIcon } from "~/components/icons";
import { usePlayerActions } from "~/components/player";
import { toPlayerSong } from "~/components/player/api";
import { TRACK_POLL_MS } from "~/components/player/queue";
import {
  AMBIENT_EFFECTS,
  CREATION_DEFAULTS,
  DRUM_KITS,
  ENSEMBLES,
  getFilter,
  INSTRUMENTS,
  MIX_STYLES,
  STYLES,
} from "~/engine/catalogue";
import { findOwnedSongs, toSongSummary } from "~/models/song.server";
import { createEntryToken, isValidEntryToken } from "~/server/create-entry.server";
import { CreatePageActionSchema, requireStyle, requireStyleFilter, SongIdsSchema } from "~/server/create-flow.server";
import { requireVerifiedUser } from "~/server/guards.server";
import { ApiError } from "~/server/http.server";
import { rejectSong, saveSong } from "~/services/library/song-library.server";
import { createSongs } from "~/services/songs/create.server";
import { CreatorForm, type CreatorOptions, type CreatorValues } from "./creator-form";
import { SongList, type ListedSong } from "./song-list";
import { StyleIcon } from "~/components/icons";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireVerifiedUser(request);
  const style = requireStyle(params.songStyle);
  const filter = requireStyleFilter(style, params.songFilter);
  const query = new URL(request.url).searchParams;
  const entry = query.get("entry");
  if (!isValidEntryToken(entry, { userId: user.id, style: style.value, filter: filter.value })) throw redirect("/style");

  const ids = SongIdsSchema.parse(query.get("songs") ?? "");
  const owned = new Map((await findOwnedSongs(user.id, ids)).map((song) => [song.id, song]));
  const songs: ListedSong[] = ids.flatMap((id) => {
    const song = owned.get(id);
    if (!song || song.rejectedAt) return [];
    const { status, songName, artistName, tempo, key, durationSeconds, audioUrl, peaks, saved } = toSongSummary(song);
    return [{ id, status, songName, artistName, style: song.style, filter: song.filter, tempo, key, durationSeconds, audioUrl, peaks, saved, compositionId: song.compositionId, productionId: song.productionId }];
  });

  return json({
    entry,
    style: { value: style.value, name: style.name, icon: style.icon },
    filter: { value: filter.value, name: filter.name },
    songs,
    values: creatorValues(query, style.value, filter.value),
    options: creatorOptions(),
  });
}

/** Creator fields that count only when advanced is on; off, the song uses the style's choices at 120 BPM. */
const ADVANCED_FIELDS = [
  "tempo",
  "intensity",
  "drum_density",
  "bass_density",
  "chord_density",
  "lead_density",
  "humanness",
  "instrument_ensemble",
  "drum_ensemble",
  "bass",
  "chord",
  "lead",
  "drums",
  "mixing_style",
  "sfx",
] as const;
const CREATOR_FIELDS = ["style", "filter", "notes", "advanced", ...ADVANCED_FIELDS] as const;

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireVerifiedUser(request);
  const style = requireStyle(params.songStyle);
  requireStyleFilter(style, params.songFilter);
  const formData = await readFormData(request);
  const parsed = CreatePageActionSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) throw new Response("Unknown form", { status: 400 });
  const intent = parsed.data;

  if (intent.intent === "save" || intent.intent === "reject") {
    try {
      if (intent.intent === "save") await saveSong(user, intent.songId, { songName: intent.songName || undefined });
      else await rejectSong(user, intent.songId);
    } catch (error) {
      if (error instanceof ApiError && error.status < 500) {
        return json({ intent: intent.intent, errors: { form: [error.message], fields: {} }, values: null }, { status: error.status });
      }
      throw error;
    }
    return json({ intent: intent.intent, errors: null, values: null });
  }

  const input = creatorInput(formData);
  let result;
  try {
    result = await createSongs(user, input);
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) {
      return json(
        { intent: "create" as const, errors: { form: [error.message], fields: error.fields ?? {} }, values: input },
        { status: error.status },
      );
    }
    throw error;
  }
  // The songs may be of another style or filter than the URL's (the creator can change both).
  const songStyle = input.style;
  const songFilter = input.filter;
  const next = new URLSearchParams({
    entry: createEntryToken({ userId: user.id, style: songStyle, filter: songFilter }),
    songs: result.songs.map((song) => song.id).join(","),
  });
  for (const [field, value] of Object.entries(input)) if (field !== "style" && field !== "filter") next.set(field, value);
  return redirect(`/style/${songStyle}/filter/${songFilter}/create?${next}`);
}

/**
 * The creator's fields as createSongs takes them (the form sends strings; CreateSongSchema coerces). The
 * advanced options are dropped unless Advanced is on, so an unticked box really means the style's defaults
 * and 120 BPM, whatever the hidden sliders hold.
 */
function creatorInput(formData: FormData): Record<string, string> & { style: string; filter: string } {
  const advanced = formData.get("advanced") === "1";
  const input: Record<string, string> = {};
  for (const field of CREATOR_FIELDS) {
    const value = formData.get(field);
    if (typeof value !== "string" || value === "") continue;
    if (!advanced && (ADVANCED_FIELDS as readonly string[]).includes(field)) continue;
    input[field] = value;
  }
  return { ...input, style: input.style ?? "", filter: input.filter ?? "" };
}

/** The creator's values: the last creation's (carried in the URL), else the spec's defaults. */
function creatorValues(query: URLSearchParams, style: string, filter: string): CreatorValues {
  const defaults: CreatorValues = {
    style,
    filter,
    notes: "",
    advanced: "",
    tempo: String(CREATION_DEFAULTS.creatorTempo),
    intensity: String(CREATION_DEFAULTS.intensity),
    drum_density: String(CREATION_DEFAULTS.density),
    bass_density: String(CREATION_DEFAULTS.density),
    chord_density: String(CREATION_DEFAULTS.density),
    lead_density: String(CREATION_DEFAULTS.density),
    humanness: String(CREATION_DEFAULTS.humanness),
    instrument_ensemble: CREATION_DEFAULTS.ensemble,
    drum_ensemble: CREATION_DEFAULTS.drumKit,
    bass: "",
    chord: "",
    lead: "",
    drums: "",
    mixing_style: CREATION_DEFAULTS.mix,
    sfx: CREATION_DEFAULTS.sfx,
  };
  for (const field of CREATOR_FIELDS) {
    const value = query.get(field);
    if (value !== null && field !== "style" && field !== "filter") defaults[field] = value.slice(0, 500);
  }
  return defaults;
}

function creatorOptions(): CreatorOptions {
  const forPart = (part: "bass" | "chords" | "lead") =>
    INSTRUMENTS.filter((instrument) => instrument.roles.includes(part)).map((instrument) => ({ value: instrument.id, label: instrument.name }));
  return {
    styles: STYLES.map((style) => ({
      value: style.value,
      name: style.name,
      filters: style.filters.map(getFilter).filter((filter) => filter.purposes.includes("create")).map((filter) => ({ value: filter.value, label: filter.name })),
    })),
    ensembles: ENSEMBLES.map((ensemble) => ({ value: ensemble.id, label: ensemble.name })),
    drumEnsembles: DRUM_KITS.map((kit) => ({ value: kit.id, label: kit.name })),
    drumKits: DRUM_KITS.filter((kit) => !kit.usesFilterDefaults).map((kit) => ({ value: kit.id, label: kit.name })),
    mixes: MIX_STYLES.map((mix) => ({ value: mix.id, label: mix.name })),
    sfx: AMBIENT_EFFECTS.map((effect) => ({ value: effect.id, label: effect.name })),
    instruments: { bass: forPart("bass"), chord: forPart("chords"), lead: forPart("lead") },
  };
}

export default function CreatingSongPage() {
  const { entry, style, filter, songs, values, options } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = songs.some((song) => song.status !== "complete" && song.status !== "failed");
  usePollWhilePending(pending);
  useHandSongsToPlayer(songs, style, filter, values);
  const createErrors = actionData?.intent === "create" ? actionData.errors : undefined;
  const formValues = actionData?.intent === "create" && actionData.values ? { ...values, ...actionData.values } : values;

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      {/* Without JavaScript the page refreshes itself while songs are being made (inside <noscript>,
          so with JavaScript it is inert text and the revalidation below does the job). */}
      {pending ? (
        <noscript>
          <meta httpEquiv="refresh" content="3" />
        </noscript>
      ) : null}
      <nav aria-label="Create steps" className="flex flex-wrap items-center gap-2 text-sm text-slate-400">
        <Link to="/style" className="hover:text-white">
          Create a song
        </Link>
        <span aria-hidden="true">/</span>
        <Link to={`/style/${style.value}/filter/${filter.value}`} className="hover:text-white">
          {style.name}
        </Link>
        <span aria-hidden="true">/</span>
        <span className="text-slate-200">{filter.name}</span>
      </nav>
      <header className="mt-6 max-w-2xl">
        <p className="text-sm font-semibold tracking-widest text-accent-400 uppercase">Step 3 of 3</p>
        <h1 className="mt-3 text-3xl font-bold tracking-tight text-white sm:text-4xl">Creating Song</h1>
        <p className="mt-3 text-lg text-slate-400">
          <StyleIcon icon={style.icon} className="inline h-5 w-5 align-[-0.2em] text-brand-200" /> {style.name} · {filter.name}
        </p>
      </header>

      <div className="mt-10 grid gap-10 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)]">
        {/* Songs below the creator on a phone too: the Create button is then on the first screen. */}
        <section aria-labelledby="songs-heading" className="order-last">
          <h2 id="songs-heading" className="text-lg font-semibold text-white">
            Your songs
          </h2>
          <div aria-live="polite" className="mt-4">
            {songs.length > 0 ? (
              <SongList songs={songs} entry={entry ?? ""} />
            ) : (
              <div className="rounded-2xl border border-dashed border-ink-600 px-6 py-10 text-center">
                <NotesIcon className="mx-auto h-9 w-9 text-brand-300" />
                <p className="mt-3 font-semibold text-white">No songs yet</p>
                <p className="mt-1 text-sm text-slate-400">Press Create and your first song is ready in seconds. Keep the ones you like.</p>
              </div>
            )}
          </div>
        </section>
        <section aria-labelledby="creator-heading">
          <h2 id="creator-heading" className="text-lg font-semibold text-white">
            Song creator
          </h2>
          <div className="mt-4 rounded-2xl border border-ink-700 bg-ink-900 p-5 sm:p-6">
            <CreatorForm entry={entry ?? ""} options={options} values={formValues} errors={createErrors ?? undefined} />
          </div>
        </section>
      </div>
    </div>
  );
}

/** With JavaScript: revalidate the loader every 2.5 s while a song is still being made. */
function usePollWhilePending(pending: boolean) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") revalidator.revalidate();
    }, TRACK_POLL_MS);
    return () => clearInterval(timer);
  }, [pending, revalidator]);
}

/** The batch joins the player's create session: it plays songs as they complete and makes more. */
function useHandSongsToPlayer(
  songs: ListedSong[],
  style: { value: string; name: string },
  filter: { value: string; name: string },
  values: CreatorValues,
) {
  const player = usePlayerActions();
  const batchKey = songs.map((song) => song.id).join(",");
  useEffect(() => {
    if (!batchKey) return;
    const params: Record<string, string> = {};
    if (values.notes) params.notes = values.notes;
    if (values.advanced === "1") {
      for (const field of ADVANCED_FIELDS) if (values[field]) params[field] = values[field];
      params.advanced = "1";
    }
    player.adoptCreateSession(
      { kind: "create", label: `${style.name} · ${filter.name}`, style: style.value, filter: filter.value, params },
      songs.flatMap((song) => (song.status === "failed" ? [] : [{ id: song.id, status: song.status, song: toPlayerSong(song) }])),
    );
    // Only a new batch is handed over; status changes within a batch are the player's own tracking.
  }, [batchKey]);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Creating Song${data ? ` · ${data.style.name} · ${data.filter.name}` : ""} · Songloom` },
  { name: "description", content: "Your new songs are being composed, recorded and mixed." },
];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
