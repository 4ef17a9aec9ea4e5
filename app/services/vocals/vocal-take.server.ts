// A user's own take made into the song's vocal (auto and custom modes, spec 1 §3 Vocals; docs/vocals-flow.md,
// "Recorded and uploaded takes"). Pages and APIs both call this file:
//   readTakeUpload       the upload streamed to a temporary file (never held in memory), cut at 50 MB.
//   uploadVocalFile      POST /api/vocal_files: decode on a worker thread, store as WAV, a vocal_files row.
//   requestVocalTake     POST /api/song/vocal: a song_vocals row (kind take, pending) + the vocal.generate job.
//   removeSongVocal      DELETE /api/song/{id}/vocal: the version without the vocal.
//   processSongVocalTake the vocal.generate job for a take: process, store, complete, apply.
// The edit guards (requireEditableSong / requireEditableSongPage) run before any of it.
import { and, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { enqueue } from "../../../jobs/enqueue";
import { songVersions } from "../../../drizzle/schema/songs";
import { songVocals, vocalFiles, type SongVocal, type VocalFile } from "../../../drizzle/schema/vocals";
import { newId } from "../../../drizzle/schema/columns";
import { decodeTakeOffThread, processTakeOffThread, TakeRejectedError } from "~/engine/threads/takeOffThread";
import { COMPOSITION_EFFECTS, type CompositionEffect } from "~/engine/vocals/processTake";
import { PITCH_EFFECTS, type PitchEffect } from "~/engine/vocals/autotune";
import { PRODUCTION_EFFECT_IDS, type ProductionEffectId } from "~/engine/vocals/productionEffect";
import { findSong, type Song } from "~/models/song.server";
import { db } from "~/server/db.server";
import { ApiError } from "~/server/http.server";
import { getStorage } from "~/server/storage.server";
import { isMultipart, readMultipartUpload, UploadTooLargeError, type MultipartUpload, type UploadedFile } from "~/server/uploads.server";
import type { SessionUser } from "~/server/guards.server";
import { IdSchema } from "~/utils/input-schemas";
import { currentParts, latestVersion, type EditableSong } from "../songs/edit.server";
import { applyVocal, findVocal, giveUpOnVocal, vocalState, type VocalState } from "./vocal-mix.server";

/** Largest upload accepted (bytes): 50 MB, about 4.5 minutes of CD-quality stereo WAV or 10 of mono. */
export const MAX_VOCAL_FILE_BYTES = 50 * 1024 * 1024;
/** Longest take accepted: 10 minutes. */
export const MAX_TAKE_SECONDS = 600;

export const DEFAULT_TAKE_OPTIONS = {
  compositionEffect: "v2_autovocal",
  pitchEffect: "avpr_mild",
  productionEffect: "fxch_av_autotune_w_reverb",
} as const satisfies { compositionEffect: CompositionEffect; pitchEffect: PitchEffect; productionEffect: ProductionEffectId };

// Re-exported so pages offer exactly what the engine accepts.
export { PITCH_EFFECTS, PRODUCTION_EFFECT_IDS };

export const NO_VOCAL_FILE_MESSAGE = "Upload or record a take first.";
export const VOCAL_FILE_NOT_FOUND_MESSAGE = "This take does not exist.";
export const NO_SONG_VOCAL_MESSAGE = "This song has no vocal.";
export const FILE_TOO_LARGE_MESSAGE = `The file is too large: at most ${MAX_VOCAL_FILE_BYTES / 1024 / 1024} MB.`;

const oneOf = <T extends string>(values: readonly T[], what: string) =>
  z.enum(values as [T, ...T[]], { error: `Not a ${what}: one of ${values.join(", ")}.` });

export const VocalOptionsSchema = z.object({
  compositionEffect: oneOf(COMPOSITION_EFFECTS, "composition effect").optional(),
  pitchEffect: oneOf(PITCH_EFFECTS, "pitch effect").optional(),
  productionEffect: oneOf(PRODUCTION_EFFECT_IDS, "production effect").optional(),
});

/** Booleans and numbers also arrive as form fields ("true", "0.5"). */
const formBoolean = z.preprocess((value) => (value === "true" || value === "on" ? true : value === "false" || value === "" ? false : value), z.boolean());

export const VocalTakeRequestSchema = z.object({
  songId: IdSchema,
  vocalFileId: z.preprocess((value) => (value === "" ? undefined : value), IdSchema.optional()),
  autoVocal: formBoolean.default(true),
  emphasis: z.coerce.number({ error: "Emphasis must be a number from 0 to 1." }).min(0, "Emphasis must be from 0 to 1.").max(1, "Emphasis must be from 0 to 1.").default(0.5),
  options: VocalOptionsSchema.default({}),
});
export type VocalTakeRequest = z.infer<typeof VocalTakeRequestSchema>;

/** A refused upload: a 400 on `vocalFile`, as the API and the page show it. */
function badFile(message: string): ApiError {
  return new ApiError(400, "invalid_input", message, { vocalFile: [message] });
}

const CHOOSE_FILE_MESSAGE = "Choose an audio file (WAV or MP3).";

/** Past the take limit: 413, with the field's message, as the API and the page show it. */
export function takeTooLarge(): ApiError {
  return new ApiError(413, "payload_too_large", FILE_TOO_LARGE_MESSAGE, { vocalFile: [FILE_TOO_LARGE_MESSAGE] });
}

/**
 * The take upload of a multipart request (the API and the vocals page's form without JavaScript): the file
 * in `vocalFile` streamed to a temporary file, cut at MAX_VOCAL_FILE_BYTES, and the form's text fields.
 * The caller runs `cleanup()` when done. A declared body over the limit is refused before it is read.
 */
export async function readTakeUpload(request: Request): Promise<MultipartUpload> {
  if (Number(request.headers.get("content-length") ?? 0) > MAX_VOCAL_FILE_BYTES + 64 * 1024) throw takeTooLarge();
  if (!isMultipart(request)) throw badFile(CHOOSE_FILE_MESSAGE);
  try {
    return await readMultipartUpload(request, { field: "vocalFile", maxBytes: MAX_VOCAL_FILE_BYTES });
  } catch (error) {
    if (error instanceof UploadTooLargeError) throw takeTooLarge();
    throw new ApiError(400, "invalid_form", "The upload could not be read. Please send it again.");
  }
}

/**
 * Decodes an uploaded or recorded take (WAV or MP3, read from its bytes) off the main thread and stores it
 * as a 44.1 kHz WAV owned by the user. The file stays where it is (the caller removes it).
 */
export async function uploadVocalFile(user: Pick<SessionUser, "id">, file: UploadedFile | null): Promise<{ vocalFileId: string; durationSeconds: number }> {
  if (!file) throw badFile(CHOOSE_FILE_MESSAGE);
  if (file.size === 0) throw badFile("The file is empty.");
  if (file.size > MAX_VOCAL_FILE_BYTES) throw takeTooLarge();
  let decoded: { wav: Uint8Array; durationSeconds: number };
  try {
    decoded = await decodeTakeOffThread(file.path, file.filename || file.contentType || undefined, MAX_TAKE_SECONDS);
  } catch (error) {
    if (error instanceof TakeRejectedError) throw badFile(error.message);
    throw error;
  }
  const id = newId();
  const storageKey = `vocal-files/${user.id}/${id}.wav`;
  await getStorage().put(storageKey, decoded.wav);
  await db.insert(vocalFiles).values({
    id,
    userId: user.id,
    storageKey,
    originalName: file.filename ? file.filename.slice(0, 255).replace(/\u0000/g, "") : null,
    mimeType: file.contentType ? file.contentType.slice(0, 100) : null,
    durationSeconds: decoded.durationSeconds,
  });
  return { vocalFileId: id, durationSeconds: decoded.durationSeconds };
}

export async function findVocalFile(id: string): Promise<VocalFile | null> {
  const [row] = await db.select().from(vocalFiles).where(eq(vocalFiles.id, id));
  return row ?? null;
}

/**
 * Starts making the take into the song's vocal: a pending `take` row and its vocal.generate job in one
 * transaction. Without autoVocal only the production effect is kept (spec 1 §3). Answers the vocal state.
 */
export async function requestVocalTake({ user, song }: EditableSong, input: Omit<VocalTakeRequest, "songId">): Promise<VocalState> {
  if (!input.vocalFileId) throw new ApiError(400, "invalid_input", NO_VOCAL_FILE_MESSAGE, { vocalFileId: [NO_VOCAL_FILE_MESSAGE] });
  const file = await findVocalFile(input.vocalFileId);
  // Someone else's take is answered like a missing one: an API does not say whose files exist.
  if (!file || file.userId !== user.id) throw new ApiError(404, "not_found", VOCAL_FILE_NOT_FOUND_MESSAGE, { vocalFileId: [VOCAL_FILE_NOT_FOUND_MESSAGE] });
  const productionEffect = input.options.productionEffect ?? DEFAULT_TAKE_OPTIONS.productionEffect;
  const options = input.autoVocal
    ? {
        compositionEffect: input.options.compositionEffect ?? DEFAULT_TAKE_OPTIONS.compositionEffect,
        pitchEffect: input.options.pitchEffect ?? DEFAULT_TAKE_OPTIONS.pitchEffect,
        productionEffect,
      }
    : { productionEffect };
  await db.transaction(async (tx) => {
    const id = newId();
    await tx.insert(songVocals).values({ id, songId: song.id, kind: "take", status: "pending", vocalFileId: file.id, autoVocal: input.autoVocal, emphasis: input.emphasis, options });
    await enqueue("vocal.generate", { songId: song.id, vocalId: id }, { tx });
  });
  return (await vocalState(song))!;
}

/** Whether the song sings now, or will once its newest edit renders. */
export async function songHasVocal(song: Song): Promise<boolean> {
  if (song.vocalId) return true;
  const latest = await latestVersion(song.id);
  return latest !== null && latest.version > song.version && latest.status !== "failed" && latest.vocalId !== null;
}

/** Takes the vocal off the song (a new version); 404 when it has none. */
export async function removeSongVocal({ song }: EditableSong): Promise<void> {
  if (!(await songHasVocal(song))) throw new ApiError(404, "no_vocal", NO_SONG_VOCAL_MESSAGE);
  await applyVocal(song, null);
}

/** GET /api/song/{id}/vocal: the tracked "pending vocal"; 404 before any. */
export async function requireVocalState(song: Song): Promise<VocalState> {
  const state = await vocalState(song);
  if (!state) throw new ApiError(404, "no_vocal", NO_SONG_VOCAL_MESSAGE);
  return state;
}

/** Where a take's produced vocal is stored (the contract's songs/{songId}/vocals/{vocalId}/…). */
export const takeVocalKey = (songId: string, vocalId: string) => `songs/${songId}/vocals/${vocalId}/vocal.wav`;

/**
 * vocal.generate for a take: process the take (align, auto-tune, production effect) on a worker thread,
 * store it, mark the vocal completed and put it on the song. Idempotent: a retry writes the same file at the
 * same key; the status only moves forward; a vocal already completed (a retry after the status write) is
 * still applied if no version has carried it yet.
 */
export async function processSongVocalTake(vocalId: string): Promise<void> {
  const vocal = await findVocal(vocalId);
  if (!vocal || vocal.kind !== "take" || vocal.status === "error") return;
  const song = await findSong(vocal.songId);
  if (!song) return;
  if (vocal.status !== "completed") {
    let key: string;
    try {
      key = await produceTake(vocal, song);
    } catch (error) {
      // A take the engine refuses (silent, unreadable) fails the same way on every retry: give up now.
      if (error instanceof TakeRejectedError) return giveUpOnVocal(vocal.id, error);
      throw error;
    }
    const [done] = await db
      .update(songVocals)
      .set({ status: "completed", vocalKey: key, completedAt: new Date(), error: null, errorCode: null })
      .where(and(eq(songVocals.id, vocal.id), sql`${songVocals.status} < 'completed'`))
      .returning({ id: songVocals.id });
    // Another attempt finished (or gave up) first: it applies, or shows its error.
    if (!done) return;
  }
  if ((await isNewestVocal(vocal)) && !(await everApplied(vocal))) await applyVocal((await findSong(song.id))!, vocal.id);
}

/**
 * A version already put this vocal on the song: a retry after a crash must not put it on again, least of all
 * after the user took it off.
 */
async function everApplied(vocal: SongVocal): Promise<boolean> {
  const [row] = await db.select({ version: songVersions.version }).from(songVersions).where(and(eq(songVersions.songId, vocal.songId), eq(songVersions.vocalId, vocal.id))).limit(1);
  return row !== undefined;
}

/** A take the user replaced with a newer one before it finished is stored but not put on the song. */
async function isNewestVocal(vocal: SongVocal): Promise<boolean> {
  const [newest] = await db.select({ id: songVocals.id }).from(songVocals).where(eq(songVocals.songId, vocal.songId)).orderBy(desc(songVocals.createdAt)).limit(1);
  return newest?.id === vocal.id;
}

async function produceTake(vocal: SongVocal, song: Song): Promise<string> {
  if (!vocal.vocalFileId) throw new Error(`Vocal ${vocal.id} has no take`);
  const file = await findVocalFile(vocal.vocalFileId);
  if (!file) throw new Error(`The take ${vocal.vocalFileId} is gone`);
  const takeWav = await getStorage().get(file.storageKey);
  if (!takeWav) throw new Error(`The take ${file.storageKey} is missing`);
  const { composition } = await currentParts(song);
  const options = vocal.options as { compositionEffect?: CompositionEffect; pitchEffect?: PitchEffect; productionEffect?: ProductionEffectId };
  const processed = await processTakeOffThread({
    takeWav,
    composition,
    autoVocal: vocal.autoVocal,
    options: { ...options, productionEffect: options.productionEffect ?? DEFAULT_TAKE_OPTIONS.productionEffect },
    maxSeconds: song.durationSeconds ?? null,
  });
  const key = takeVocalKey(song.id, vocal.id);
  await getStorage().put(key, processed.wav);
  return key;
}

/** How long the pages wait for a take before "Timed out waiting for vocal" (components/vocals/vocal-poll.ts). */
const TAKE_WAIT_MAX_MS = 5 * 60_000;

export interface VocalPageState {
  /** The newest vocal, if any. */
  vocal: VocalState | null;
  /** The song sings (or will, once its newest edit renders). */
  hasVocal: boolean;
  /** A take is being processed or mixed in: the page follows it. */
  waiting: boolean;
  /** It has been waiting longer than the client waits. */
  timedOut: boolean;
}

/** What the vocals pages show about the song's vocal (spec 1 §4 Pending vocal). */
export async function vocalPageState(song: Song, now = Date.now()): Promise<VocalPageState> {
  const [vocal, hasVocal] = await Promise.all([vocalState(song), songHasVocal(song)]);
  const inProgress =
    vocal !== null &&
    vocal.kind === "take" &&
    !vocal.applied &&
    (vocal.status === "pending" || (vocal.status === "completed" && (vocal.versionStatus === "queue" || vocal.versionStatus === "rendering")));
  const timedOut = inProgress && now - Date.parse(vocal!.createdAt) > TAKE_WAIT_MAX_MS;
  return { vocal, hasVocal, waiting: inProgress && !timedOut, timedOut };
}
