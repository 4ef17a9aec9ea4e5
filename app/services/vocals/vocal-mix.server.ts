// A song and its vocal (docs/vocals-flow.md, "The song with its vocal"): a song sings with at most one vocal,
// songs.vocal_id. Putting a vocal on (or taking it off) is a song version with change "vocals", rendered by
// the song.rerender job like any edit, so the previous version keeps playing until the mix is ready, A/B
// listening works, and later edits (instruments, notes) keep the vocal: every version inherits the vocal of
// the one it builds on and the rerender mixes it over the new instrumental (mixVersionVocal).
import { and, desc, eq, sql } from "drizzle-orm";
import type { Song } from "~/models/song.server";
import { db } from "~/server/db.server";
import { ApiError } from "~/server/http.server";
import { mixVocalOffThread } from "~/engine/threads";
import { getStorage } from "~/server/storage.server";
import type { SongMedia, SongVersion, VersionStatus } from "../../../drizzle/schema/songs";
import { songVocals, type SongVocal, type VocalStatus } from "../../../drizzle/schema/vocals";
import { editBase, latestVersion, submitVersion } from "../songs/edit.server";
import { GENERIC_VOCAL_ERROR } from "./error-codes";
import { isPossibleId } from "~/utils/input-schemas";

/** The message a failed vocal shows (spec 1 §8 "Vocal create failure"). */
export const VOCAL_CREATE_FAILED_MESSAGE = GENERIC_VOCAL_ERROR;

/**
 * Queues the version that puts `vocalId` on the song (null takes the vocal off). The vocal must be
 * completed and have its audio (`vocalKey`); the version keeps the notes and sounds of what the next edit
 * would build on.
 */
export async function applyVocal(song: Song, vocalId: string | null): Promise<SongVersion> {
  if (vocalId !== null) {
    const vocal = await findVocal(vocalId);
    if (!vocal || vocal.songId !== song.id) throw new ApiError(404, "not_found", "This vocal does not exist.");
    if (vocal.status !== "completed" || !vocal.vocalKey) throw new ApiError(409, "not_ready", "This vocal is not ready yet.");
  }
  // Idempotent for a job retried after it applied the vocal: the version already on its way (or played
  // now) with this vocal is the answer.
  const latest = await latestVersion(song.id);
  if (vocalId !== null && latest && latest.change === "vocals" && latest.vocalId === vocalId && latest.status !== "failed" && latest.version >= song.version) {
    return latest;
  }
  const base = await editBase(song);
  return submitVersion(song, { change: "vocals", ...base, productionSeed: base.production.seed, vocalId });
}

export interface VocalState {
  id: string;
  kind: SongVocal["kind"];
  status: VocalStatus;
  errorCode: string | null;
  error: string | null;
  voiceId: string | null;
  autoVocal: boolean;
  emphasis: number;
  saved: boolean;
  /** The song plays with this vocal now. */
  applied: boolean;
  /** The newest "vocals" version of the song, while it is on its way or if it failed. */
  versionStatus: VersionStatus | null;
  createdAt: string;
}

/**
 * The song's newest vocal and how far it is: what the client tracks as the "pending vocal" (spec 1 §4,
 * polled every 2.5 s) until `applied`. Null when the song never had a vocal.
 */
export async function vocalState(song: Song): Promise<VocalState | null> {
  const [vocal] = await db.select().from(songVocals).where(eq(songVocals.songId, song.id)).orderBy(desc(songVocals.createdAt)).limit(1);
  if (!vocal) return null;
  const latest = await latestVersion(song.id);
  const pendingVocals = latest && latest.change === "vocals" && latest.version > song.version ? latest : null;
  return {
    id: vocal.id,
    kind: vocal.kind,
    status: vocal.status,
    errorCode: vocal.errorCode,
    error: vocal.error,
    voiceId: vocal.voiceId,
    autoVocal: vocal.autoVocal,
    emphasis: vocal.emphasis,
    saved: vocal.saved,
    applied: song.vocalId === vocal.id && (!pendingVocals || pendingVocals.status === "failed"),
    versionStatus: pendingVocals?.status ?? null,
    createdAt: vocal.createdAt.toISOString(),
  };
}

export async function findVocal(vocalId: string): Promise<SongVocal | null> {
  if (!isPossibleId(vocalId)) return null;
  const [row] = await db.select().from(songVocals).where(eq(songVocals.id, vocalId));
  return row ?? null;
}

/** A vocal job's last attempt failed: the vocal shows the error; the song keeps playing as it was. */
export async function giveUpOnVocal(vocalId: string, error: unknown, code = "generic_error"): Promise<void> {
  console.error(`Vocal ${vocalId} failed (${code})`, error);
  await db
    .update(songVocals)
    .set({ status: "error", errorCode: code, error: VOCAL_CREATE_FAILED_MESSAGE })
    .where(and(eq(songVocals.id, vocalId), sql`${songVocals.status} < 'completed'`));
  // "completed" and "error" sort last: a late give-up never turns a finished vocal into an error.
}

/**
 * In the song.rerender job: the version's media with its vocal mixed over the instrumental just rendered
 * (or reused), written beside it as mix.mp3/mix.wav/mix-peaks.json. Returns the instrumental media unchanged
 * when the version has no vocal, or the vocal is gone or not ready (a removed vocal cannot block an edit).
 */
export async function mixVersionVocal(
  vocalId: string | null,
  instrumental: SongMedia,
  folder: string,
  segments: { seconds: number; count: number },
): Promise<{ media: SongMedia; vocalId: string | null; peaks: number[] | null }> {
  const vocal = vocalId ? await findVocal(vocalId) : null;
  if (!vocal || vocal.status !== "completed" || !vocal.vocalKey) return { media: instrumental, vocalId: null, peaks: null };
  const storage = getStorage();
  const [instrumentalWav, vocalWav] = await Promise.all([storage.get(instrumental.wav), storage.get(vocal.vocalKey)]);
  if (!instrumentalWav) throw new Error(`The instrumental ${instrumental.wav} is missing`);
  if (!vocalWav) throw new Error(`The vocal ${vocal.vocalKey} is missing`);
  const mixed = await mixVocalOffThread(instrumentalWav, vocalWav, vocal.emphasis, segments);
  const keys = { mp3: `${folder}/mix.mp3`, wav: `${folder}/mix.wav`, peaks: `${folder}/mix-peaks.json` };
  await Promise.all([storage.put(keys.mp3, mixed.mp3), storage.put(keys.wav, mixed.wav), storage.put(keys.peaks, JSON.stringify(mixed.peaks))]);
  return {
    media: { ...keys, midi: instrumental.midi, description: instrumental.description, instrumental: { mp3: instrumental.mp3, wav: instrumental.wav, peaks: instrumental.peaks } },
    vocalId: vocal.id,
    peaks: mixed.peaks.song.peaks,
  };
}

/** The media of a version without its vocal. */
export function instrumentalMedia(media: SongMedia): SongMedia {
  if (!media.instrumental) return media;
  const { instrumental, ...rest } = media;
  return { ...rest, ...instrumental };
}
