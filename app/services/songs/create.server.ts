// Creating songs (spec 1 §3-§5, §8, §9): the one schema for every creation parameter, shared by the
// create page's action and POST /api/song, and the workflow that turns a request into song rows and jobs.
//
//   create     a batch of `songs` (3) new songs; plain requests are served from the pre-generated pool first
//   rewrite    re_p: new notes, the production (sounds) of the current song
//   reproduce  re_c: the composition (notes) of the current song, new sounds
//   render     re_p + re_c: both parts of the current song, with the request's notes applied
//
// Rows and their song.compose jobs are written in one transaction, so a song never waits for a job that
// was not queued. The jobs (jobs/handlers/song.*) then move the status forward; see docs/create-flow.md.
import { randomInt } from "node:crypto";
import { and, eq, or, sql } from "drizzle-orm";
import { z } from "zod";
import { admitRenderWork } from "../../../jobs/admission";
import { enqueue } from "../../../jobs/enqueue";
import { songs, type NewSong, type SongOrigin, type StoredSongParams } from "../../../drizzle/schema/songs";
import { newId } from "../../../drizzle/schema/columns";
import {
  CREATION_DEFAULTS,
  getAmbientEffect,
  getDrumKit,
  getDrumSound,
  getEnsemble,
  getFilter,
  getInstrument,
  getMixStyle,
  getStyleFilter,
} from "~/engine/catalogue";
import {
  claimPooledSongs,
  countSongsAssignedToday,
  findOwnedSongs,
  toSongSummary,
  type SongSummary,
} from "~/models/song.server";
import { recordUserEvent } from "~/models/user.server";
import { db } from "~/server/db.server";
import { ApiError, type FieldErrors } from "~/server/http.server";
import { vocalState, type VocalState } from "../vocals/vocal-mix.server";
import { emitSongReady } from "../webhooks/emit.server";
import { invalidInput } from "~/server/api.server";
import { getUserPlan } from "~/server/plans.server";
import { IdSchema, typedText } from "~/utils/input-schemas";

export const CREATION_API_VERSION = 3;
export const SONGS_PER_BATCH = 3;
export const NO_STYLE_OR_FILTER_MESSAGE = "No style or filter has been set.";

/** pg-boss priorities: a batch's first song is rendered first, and any user's song before the pool. */
export const PRIORITY = { firstSong: 30, user: 20, pool: 0 } as const;

// Form posts send every value as a string, and an empty field means "not set".
const blankToUndefined = (value: unknown) => (value === "" || value === null ? undefined : value);
const formNumber = (schema: z.ZodNumber) => z.preprocess(blankToUndefined, z.coerce.number().pipe(schema).optional());
const formText = z.preprocess(blankToUndefined, typedText().trim().min(1).optional());
const formId = z.preprocess(blankToUndefined, IdSchema.optional());
const formFlag = z.preprocess(
  (value) => (typeof value === "string" ? /^(1|true|on|yes)$/i.test(value) : value === 1 ? true : value === 0 ? false : value),
  z.boolean().default(false),
);
// Nested objects arrive as JSON text from a form field.
const jsonText = (value: unknown) => {
  if (typeof value !== "string") return blankToUndefined(value);
  if (value.trim() === "") return undefined;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
};
const idMap = z.record(z.string(), typedText().min(1));

/** The user_edit object of spec 1 §3: choices made in the edit flow, applied when the song is remade. */
export const UserEditSchema = z.object({
  instruments: idMap.optional().describe("Instrument id per part (bass, chords, lead, pad, arp)"),
  drums: idMap.optional().describe("Drum sound id per drum kind (kick, snare, open_hat, closed_hat, auxiliary)"),
  mixing_style: typedText().min(1).optional(),
  sfx: typedText().min(1).optional(),
  song_id: IdSchema.optional(),
});

/**
 * Every creation parameter of spec 1 §3 with the defaults of its table. Accepts JSON (numbers, booleans,
 * objects) and form data (strings; user_edit as JSON text). Style and filter are checked separately, first,
 * because a missing one has its own message (spec 1 §5).
 */
export const CreateSongSchema = z
  .object({
    style: formText,
    filter: formText,
    api_version: formNumber(z.number().int().refine((value) => value === CREATION_API_VERSION, "api_version must be 3")).default(CREATION_API_VERSION),
    songs: formNumber(z.number().int().min(1).max(SONGS_PER_BATCH)).default(SONGS_PER_BATCH),
    advanced: formFlag,
    tempo: formNumber(z.number().min(1).max(400)),
    intensity: formNumber(z.number().min(1).max(10)).default(CREATION_DEFAULTS.intensity),
    drum_density: formNumber(z.number().min(0).max(1)).default(CREATION_DEFAULTS.density),
    bass_density: formNumber(z.number().min(0).max(1)).default(CREATION_DEFAULTS.density),
    lead_density: formNumber(z.number().min(0).max(1)).default(CREATION_DEFAULTS.density),
    chord_density: formNumber(z.number().min(0).max(1)).default(CREATION_DEFAULTS.density),
    humanness: formNumber(z.number().min(0).max(1)).default(CREATION_DEFAULTS.humanness),
    instrument_ensemble: formText.default(CREATION_DEFAULTS.ensemble),
    drum_ensemble: formText.default(CREATION_DEFAULTS.drumKit),
    mixing_style: formText.default(CREATION_DEFAULTS.mix),
    sfx: formText.default(CREATION_DEFAULTS.sfx),
    drums: formText.describe("Drum kit id chosen in the creator; overrides drum_ensemble"),
    bass: formText.describe("Instrument id for the bass part"),
    lead: formText.describe("Instrument id for the lead part"),
    chord: formText.describe("Instrument id for the chords part"),
    notes: z.preprocess(blankToUndefined, typedText().trim().max(500).optional()).describe("Free text that nudges the song, e.g. \"darker, more piano\""),
    re_p: formId.describe("Rewrite: keep this production id (the current song's sounds)"),
    re_c: formId.describe("Reproduce: keep this composition id (the current song's notes)"),
    user_edit: z.preprocess(jsonText, UserEditSchema.optional()),
  })
  .meta({ id: "CreateSongRequest" });

export type CreateSongInput = z.input<typeof CreateSongSchema>;
export type CreateSongRequest = z.output<typeof CreateSongSchema>;

export interface CreateSongsResult {
  /** In batch order: the first one is rendered first. */
  songs: SongSummary[];
  batchId: string;
}

/** Parses a create request, or throws the ApiError a form or the API shows (400, per field). */
export function parseCreateSongInput(input: unknown): CreateSongRequest & { style: string; filter: string } {
  const raw = (input ?? {}) as Record<string, unknown>;
  if (blankToUndefined(raw.style) === undefined || blankToUndefined(raw.filter) === undefined) {
    throw new ApiError(400, "no_style_or_filter", NO_STYLE_OR_FILTER_MESSAGE, {
      ...(blankToUndefined(raw.style) === undefined && { style: [NO_STYLE_OR_FILTER_MESSAGE] }),
      ...(blankToUndefined(raw.filter) === undefined && { filter: [NO_STYLE_OR_FILTER_MESSAGE] }),
    });
  }
  const parsed = CreateSongSchema.safeParse(raw);
  if (!parsed.success) throw invalidInput(parsed.error);
  const { style, filter } = parsed.data;
  if (!style || !filter) throw new ApiError(400, "no_style_or_filter", NO_STYLE_OR_FILTER_MESSAGE);
  return { ...parsed.data, style, filter };
}

/**
 * The parameters a song is made from: spec defaults applied, numbers rounded, every id checked against
 * the engine's catalogue. Tempo is rounded; without one, the creator's default applies when advanced is
 * on and 120 when it is off (spec 1 §3). Intensity is rounded and honoured only when advanced is on.
 */
export function resolveSongParams(request: ReturnType<typeof parseCreateSongInput>): StoredSongParams {
  const fields: FieldErrors = {};
  const check = (field: string, lookup: () => unknown) => {
    try {
      lookup();
    } catch {
      fields[field] = [`Unknown ${field.replace(/_/g, " ")}.`];
    }
  };
  check("filter", () => getStyleFilter(request.style, request.filter));
  const edit = request.user_edit ?? {};
  const ensemble = request.instrument_ensemble;
  const drumKit = request.drums ?? request.drum_ensemble;
  const mix = edit.mixing_style ?? request.mixing_style;
  const sfx = edit.sfx ?? request.sfx;
  check("instrument_ensemble", () => getEnsemble(ensemble));
  check(request.drums ? "drums" : "drum_ensemble", () => getDrumKit(drumKit));
  check(edit.mixing_style ? "user_edit.mixing_style" : "mixing_style", () => getMixStyle(mix));
  check(edit.sfx ? "user_edit.sfx" : "sfx", () => getAmbientEffect(sfx));

  const instruments: Record<string, string> = { ...edit.instruments };
  if (request.bass) instruments.bass = request.bass;
  if (request.lead) instruments.lead = request.lead;
  if (request.chord) instruments.chords = request.chord;
  const pitchedParts = new Set(["bass", "chords", "lead", "pad", "arp"]);
  for (const [part, instrument] of Object.entries(instruments)) {
    const field = edit.instruments?.[part] === instrument ? `user_edit.instruments.${part}` : part === "chords" ? "chord" : part;
    if (!pitchedParts.has(part)) fields[field] = [`There is no part called ${part}.`];
    else check(field, () => getInstrument(instrument));
  }
  const drumKinds = new Set(["kick", "snare", "open_hat", "closed_hat", "auxiliary"]);
  for (const [kind, sound] of Object.entries(edit.drums ?? {})) {
    if (!drumKinds.has(kind)) fields[`user_edit.drums.${kind}`] = [`There is no drum kind called ${kind}.`];
    else check(`user_edit.drums.${kind}`, () => getDrumSound(sound));
  }
  if (Object.keys(fields).length > 0) throw new ApiError(400, "invalid_input", "Some fields are invalid.", fields);

  const tempo = request.tempo ?? (request.advanced ? CREATION_DEFAULTS.creatorTempo : CREATION_DEFAULTS.tempoWhenNotAdvanced);
  return {
    style: request.style,
    filter: request.filter,
    advanced: request.advanced,
    tempo: Math.round(tempo),
    intensity: request.advanced ? Math.round(request.intensity) : CREATION_DEFAULTS.intensity,
    densities: {
      drums: request.drum_density,
      bass: request.bass_density,
      chords: request.chord_density,
      lead: request.lead_density,
    },
    humanness: request.humanness,
    ensemble,
    drumKit,
    mix,
    sfx,
    ...(Object.keys(instruments).length > 0 && { instruments }),
    ...(edit.drums && Object.keys(edit.drums).length > 0 && { drums: edit.drums }),
    ...(request.notes && { notes: request.notes }),
  };
}

/** A new composing seed. Seeds are int4 in the database and 32-bit in the engine's random streams. */
export const newSeed = () => randomInt(0, 2 ** 31 - 1);

function dailyLimitMessage(limit: number): string {
  return `You have reached your limit of ${limit} new songs a day. Come back tomorrow, or upgrade your plan to create more.`;
}

/**
 * Creates the songs a request asks for and queues their generation. Throws ApiError: 400 (no style or
 * filter, invalid field, unknown re_p/re_c), 429 (daily creation limit, with a limit-reached user event).
 */
export async function createSongs(user: { id: string }, input: unknown): Promise<CreateSongsResult> {
  const request = parseCreateSongInput(input);
  const params = resolveSongParams(request);
  const { limits } = await getUserPlan(user);

  const variation = request.re_p || request.re_c ? await planVariation(user.id, request, params) : null;
  const wanted = variation ? 1 : request.songs;

  const used = await countSongsAssignedToday(user.id);
  if (used >= limits.dailySongCreations) {
    await recordUserEvent(db, user.id, "create_limit_reached", { limit: limits.dailySongCreations, style: params.style, filter: params.filter });
    throw new ApiError(429, "creation_limit_reached", dailyLimitMessage(limits.dailySongCreations));
  }
  // A batch that would cross the limit is shortened rather than refused: the user still hears songs.
  const count = Math.min(wanted, limits.dailySongCreations - used);
  // Before anything is written: a full render queue refuses the whole request (429, Retry-After).
  await admitRenderWork(count);
  const batchId = newId();

  const created = await db.transaction(async (tx) => {
    // A plain create (no advanced choices, nothing reused, no notes) is what the pool pre-generates, so
    // finished pooled songs of exactly these parameters are handed over first: instantly playable.
    const fromPool = !variation && isPoolable(params) ? await claimPooledSongs(user.id, params.filter, count, params, tx) : [];
    // Handed over complete: ready for the new owner's webhooks at once.
    for (const song of fromPool) await emitSongReady(tx, user.id, song);
    const rows: NewSong[] = [];
    for (let position = fromPool.length; position < count; position += 1) {
      rows.push({
        ...(variation ? variation.row : { origin: "create" as const, params, seed: newSeed(), productionSeed: newSeed() }),
        id: newId(),
        userId: user.id,
        style: params.style,
        filter: params.filter,
        batchId,
        batchPosition: position,
      });
    }
    const inserted = rows.length > 0 ? await tx.insert(songs).values(rows).returning() : [];
    for (const song of inserted) {
      await enqueue(
        "song.compose",
        { songId: song.id },
        { tx, priority: song.batchPosition === 0 ? PRIORITY.firstSong : PRIORITY.user },
      );
    }
    // The pool just got smaller (or turned out to be empty for this filter): top it up in the background.
    if (!variation) await enqueue("song.pool-refill", { filter: params.filter }, { tx, priority: PRIORITY.pool });
    return [...fromPool, ...inserted];
  });
  return { batchId, songs: created.map(toSongSummary) };
}

/** Parameters the pool generates songs with: a plain create of the filter (docs/create-flow.md). */
export function poolParams(style: string, filter: string): StoredSongParams {
  return resolveSongParams(parseCreateSongInput({ style, filter }));
}

function isPoolable(params: StoredSongParams): boolean {
  return JSON.stringify(params) === JSON.stringify(poolParams(params.style, params.filter));
}

interface Variation {
  row: Pick<NewSong, "origin" | "params" | "seed" | "productionSeed" | "compositionId" | "productionId">;
}

/**
 * Rewrite, reproduce and render start from a song of the user's that has the given parts. Reused parts
 * are referenced by id (the jobs load them, not rebuild them); the other part is made fresh.
 */
async function planVariation(userId: string, request: CreateSongRequest, params: StoredSongParams): Promise<Variation> {
  const { re_p: productionId, re_c: compositionId } = request;
  const [source] = await db
    .select()
    .from(songs)
    .where(
      and(
        eq(songs.userId, userId),
        or(
          productionId ? eq(songs.productionId, productionId) : undefined,
          compositionId ? eq(songs.compositionId, compositionId) : undefined,
        ),
      ),
    )
    .limit(1);
  const fields: FieldErrors = {};
  if (productionId && source?.productionId !== productionId) fields.re_p = ["None of your songs has this production."];
  if (compositionId && source?.compositionId !== compositionId) fields.re_c = ["None of your songs has this composition."];
  if (!source || Object.keys(fields).length > 0) throw new ApiError(400, "unknown_song_part", "The song to rework was not found.", fields);
  if (source.filter !== params.filter) {
    throw new ApiError(400, "invalid_input", "A variation keeps its song's style and filter.", { filter: [`The song is ${source.filter}.`] });
  }
  const reuse = { ...(productionId && { productionId }), ...(compositionId && { compositionId }) };
  const origin: SongOrigin = productionId && compositionId ? "render" : productionId ? "rewrite" : "reproduce";
  if (origin === "render") {
    // Both parts again, made from the song's own seeds and parameters with the notes added: notes that
    // nudge nothing give back the very same composition and production ids.
    return {
      row: {
        origin,
        params: { ...source.params, ...(request.notes ? { notes: request.notes } : {}), reuse },
        seed: source.seed,
        productionSeed: source.productionSeed,
      },
    };
  }
  if (origin === "rewrite") {
    return { row: { origin, params: { ...params, reuse }, seed: newSeed(), productionSeed: source.productionSeed, productionId } };
  }
  return { row: { origin, params: { ...params, reuse }, seed: source.seed, productionSeed: newSeed(), compositionId } };
}

/** What POST /track_songs reports per song: its status, or `timeout` once it is no longer worth waiting for. */
export type TrackStatus = SongSummary["status"] | "timeout";

export interface TrackedSong {
  id: string;
  status: TrackStatus;
  /** The song once complete, so the player can add it to the unplayed list without another call. */
  song: SongSummary | null;
  /** While it renders: the preview of its first seconds, once made (progressive playback). */
  previewUrl: string | null;
  /** Asked for with `vocals`: the song's newest vocal and whether the song sings with it yet. */
  vocal?: VocalState | null;
}

/** A song still not complete this long after it was queued has timed out for the waiting client. */
export const TRACK_TIMEOUT_MINUTES = 10;

/**
 * Statuses of the user's songs. An id that is not one of the user's songs is the caller's mistake (400),
 * the one answer on which the client stops polling (spec 1 §4).
 */
export async function trackSongs(user: { id: string }, songIds: string[], options: { vocals?: boolean } = {}): Promise<TrackedSong[]> {
  const found = await findOwnedSongs(user.id, songIds);
  const byId = new Map(found.map((song) => [song.id, song]));
  const unknown = songIds.filter((id) => !byId.has(id));
  if (unknown.length > 0) {
    throw new ApiError(400, "unknown_songs", "Some of these songs do not exist.", { songIds: unknown.map((id) => `Unknown song ${id}.`) });
  }
  const timeoutBefore = Date.now() - TRACK_TIMEOUT_MINUTES * 60_000;
  return Promise.all(
    songIds.map(async (id): Promise<TrackedSong> => {
      const song = byId.get(id)!;
      const timedOut = song.status === "failed" || (song.status !== "complete" && song.assignedAt.getTime() < timeoutBefore);
      const summary = toSongSummary(song);
      const tracked: TrackedSong = { id, status: timedOut ? "timeout" : song.status, song: song.status === "complete" ? summary : null, previewUrl: timedOut ? null : summary.previewUrl };
      if (options.vocals) tracked.vocal = await vocalState(song);
      return tracked;
    }),
  );
}

/**
 * POST /song/fetch: a finished pre-generated song of the filter, now the user's; null when the pool has
 * none ready (204). Either way the pool is topped up in the background.
 */
export async function fetchPooledSong(user: { id: string }, filter: string): Promise<SongSummary | null> {
  try {
    getFilter(filter);
  } catch {
    throw new ApiError(400, "invalid_input", "Some fields are invalid.", { filter: ["Unknown filter."] });
  }
  const { limits } = await getUserPlan(user);
  if ((await countSongsAssignedToday(user.id)) >= limits.dailySongCreations) {
    await recordUserEvent(db, user.id, "create_limit_reached", { limit: limits.dailySongCreations, filter });
    throw new ApiError(429, "creation_limit_reached", dailyLimitMessage(limits.dailySongCreations));
  }
  const song = await db.transaction(async (tx) => {
    const [claimed] = await claimPooledSongs(user.id, filter, 1, undefined, tx);
    await enqueue("song.pool-refill", { filter }, { tx, priority: PRIORITY.pool });
    return claimed;
  });
  return song ? toSongSummary(song) : null;
}

