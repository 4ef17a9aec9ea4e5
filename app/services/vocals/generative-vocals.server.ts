// Generated vocals: the song's lyrics sung by a chosen voice (spec 1 §3 Vocals, §4 "Generated vocals", §5,
// §8; docs/vocals-flow.md "Generated vocals"). Pages, APIs and the vocal.generate job all call this file.
//
//   requestGenerativeVocal  POST …/generative_vocals {voice}: the rules (generative-vocals-rules.ts), the daily
//                           limit, then a song_vocals row (kind generated) and the job in one transaction.
//   generateSongVocal       the job: pending → generating_vocal_melody → generating_vocals_for_sections →
//                           completed, with the produced vocal (vocalKey, WAV) and a review mix (mixKey, MP3).
//   saveGenerativeVocal     POST …/generative_vocals/save: the newest completed one goes on the song (applyVocal).
//   voices / voicePreviewKey the voice picker; each preview is rendered once and kept in storage.
import { and, count, desc, eq, gt, ne, sql } from "drizzle-orm";
import { enqueue } from "../../../jobs/enqueue";
import { users } from "../../../drizzle/schema/auth";
import { songs, type Song } from "../../../drizzle/schema/songs";
import { protectedLyrics, songVocals, type SongVocal, type VocalOptions, type VocalStatus } from "../../../drizzle/schema/vocals";
import { deriveSeed } from "~/engine/theory/hash";
import { finishVocalOffThread, renderVoicePreviewOffThread, singNotesOffThread, writeVocalMelodyOffThread, type SungChunk } from "~/engine/threads/singOffThread";
import { getVoice, VOICES } from "~/engine/vocals/voices";
import type { VocalNote } from "~/engine/vocals/melody";
import { findSong } from "~/models/song.server";
import { db } from "~/server/db.server";
import { ApiError } from "~/server/http.server";
import { getStorage } from "~/server/storage.server";
import { phrasePlan } from "~/engine/lyrics";
import { syllabifyLine } from "~/engine/vocals/syllabify";
import { checkGenerativeVocalLyrics, protectedAtSingTime, unsingableLine, type GenerativeVocalsRuleError } from "./generative-vocals-rules";
import { VOCAL_ERROR_MESSAGES } from "./error-codes";
import { loadComposition, type EditableSong } from "../songs/edit.server";
import { findLyrics, songPhrasePlan } from "../lyrics/song-lyrics.server";
import { applyVocal, findVocal, giveUpOnVocal, vocalState } from "./vocal-mix.server";

/** Generated vocals one user may start in any 24 hours (429 past it): each sings a whole song. */
export const DAILY_VOCAL_GENERATIONS = 20;
export const VOCAL_DAILY_LIMIT_MESSAGE = `You have reached today's limit of ${DAILY_VOCAL_GENERATIONS} generated vocals. Try again tomorrow.`;
export const MISSING_VOICE_MESSAGE = VOCAL_ERROR_MESSAGES.missing_voice_selection;
export const NO_GENERATED_VOCAL_MESSAGE = "This song has no generated vocal yet.";
/** Bumped when the preview phrase or the voices change, so stored previews are rendered again. */
const PREVIEW_VERSION = "v1";
const DAY_MS = 24 * 60 * 60 * 1000;

// ---- Voices ----

export interface VoiceSummary {
  voice_id: string;
  name: string;
  gender: "female" | "male";
  description: string;
  preview_url: string;
}

export function voices(): VoiceSummary[] {
  return VOICES.map((voice) => ({
    voice_id: voice.voice_id,
    name: voice.name,
    gender: voice.gender,
    description: voice.description,
    preview_url: `/media/voices/${voice.voice_id}/preview.mp3`,
  }));
}

const previewsRendering = new Map<string, Promise<string>>();

/** The storage key of a voice's preview MP3, rendered on first use (null for an unknown voice). */
export async function voicePreviewKey(voiceId: string): Promise<string | null> {
  if (!getVoice(voiceId)) return null;
  const key = `voices/${voiceId}/preview-${PREVIEW_VERSION}.mp3`;
  if (await getStorage().stat(key)) return key;
  // Two visitors opening the picker at once share one render.
  let rendering = previewsRendering.get(key);
  if (!rendering) {
    rendering = (async () => {
      await getStorage().put(key, await renderVoicePreviewOffThread(voiceId));
      return key;
    })().finally(() => previewsRendering.delete(key));
    previewsRendering.set(key, rendering);
  }
  return rendering;
}

// ---- Starting a generation ----

const latestGenerated = async (songId: string, where = sql`true`) => {
  const [row] = await db
    .select()
    .from(songVocals)
    .where(and(eq(songVocals.songId, songId), eq(songVocals.kind, "generated"), where))
    .orderBy(desc(songVocals.createdAt))
    .limit(1);
  return row ?? null;
};

/**
 * POST …/generative_vocals: 400 missing_voice_selection without a voice (400 invalid_input for an unknown
 * one), 422 with the spec 1 §8 code when the lyrics break a rule, 429 past the daily limit; otherwise the
 * vocal row and its job, and the caller answers 202.
 */
export async function requestGenerativeVocal({ user, song }: EditableSong, voiceId: string | null | undefined): Promise<{ status: VocalStatus; vocal_id: string }> {
  const voice = (voiceId ?? "").trim();
  if (!voice) throw new ApiError(400, "missing_voice_selection", MISSING_VOICE_MESSAGE, { voice: [MISSING_VOICE_MESSAGE] });
  if (!getVoice(voice)) throw new ApiError(400, "invalid_input", "Some fields are invalid.", { voice: ["Choose one of the voices."] });
  const [lyrics, plan, protectedRows, previous] = await Promise.all([
    findLyrics(song.id),
    songPhrasePlan(song),
    db.select({ text: protectedLyrics.text }).from(protectedLyrics),
    latestGenerated(song.id, ne(songVocals.status, "error")),
  ]);
  if (lyrics && (lyrics.status === "pending" || lyrics.status === "generating")) {
    throw new ApiError(409, "lyrics_pending", "The lyrics are still being written. Try again when they are ready.");
  }
  const broken = checkGenerativeVocalLyrics({
    sections: lyrics?.sections ?? null,
    plan,
    protectedTexts: protectedRows.map((row) => row.text),
    previous: previous?.lyricsSnapshot ? { sections: previous.lyricsSnapshot, voiceId: previous.voiceId } : null,
    voiceId: voice,
  });
  if (broken) throw new ApiError(422, broken.code, broken.message, broken.line ? { lyrics: [broken.message] } : undefined);
  const sections = lyrics!.sections;

  return db.transaction(async (tx) => {
    // One user's requests queue here, so two at once cannot both take the last generation of the day.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("update");
    const [used] = await tx
      .select({ n: count() })
      .from(songVocals)
      .innerJoin(songs, eq(songs.id, songVocals.songId))
      .where(and(eq(songs.userId, user.id), eq(songVocals.kind, "generated"), gt(songVocals.createdAt, new Date(Date.now() - DAY_MS))));
    if ((used?.n ?? 0) >= DAILY_VOCAL_GENERATIONS) throw new ApiError(429, "daily_limit", VOCAL_DAILY_LIMIT_MESSAGE);
    const [row] = await tx
      .insert(songVocals)
      .values({ songId: song.id, kind: "generated", voiceId: voice, lyricsSnapshot: sections, emphasis: 0.5, options: { progress: 0 } as VocalOptions })
      .returning({ id: songVocals.id, status: songVocals.status });
    await enqueue("vocal.generate", { songId: song.id, vocalId: row.id }, { tx });
    return { status: row.status, vocal_id: row.id };
  });
}

// ---- Status ----

export interface GenerativeVocalStatus {
  status: VocalStatus;
  error_code?: string;
  error?: string;
  /** 0..1 while singing. */
  progress?: number;
  vocal_id: string;
  voice_id: string | null;
  saved: boolean;
  /** The song plays with this vocal now (after save, once its version is rendered). */
  applied: boolean;
  /** The "vocals" version putting it on the song, while on its way or if it failed. */
  version_status: "queue" | "rendering" | "complete" | "failed" | null;
  /** Review audio, once completed. */
  mix_url?: string;
  vocal_url?: string;
}

const progressOf = (vocal: SongVocal) => (vocal.options as VocalOptions & { progress?: number }).progress;

export function vocalMediaUrl(vocal: Pick<SongVocal, "id" | "songId">, file: "mix.mp3" | "vocal.mp3"): string {
  return `/media/songs/${vocal.songId}/vocals/${vocal.id}/${file}`;
}

/** GET …/generative_vocals: the newest generated vocal of the song; 404 before any. */
export async function generativeVocalStatus(song: Song): Promise<GenerativeVocalStatus> {
  const vocal = await latestGenerated(song.id);
  if (!vocal) throw new ApiError(404, "not_found", NO_GENERATED_VOCAL_MESSAGE);
  const state = await vocalState(song);
  const progress = progressOf(vocal);
  return {
    status: vocal.status,
    ...(vocal.errorCode ? { error_code: vocal.errorCode } : {}),
    ...(vocal.error ? { error: vocal.error } : {}),
    ...(typeof progress === "number" ? { progress } : {}),
    vocal_id: vocal.id,
    voice_id: vocal.voiceId,
    saved: vocal.saved,
    applied: state?.id === vocal.id ? state.applied : song.vocalId === vocal.id,
    version_status: state?.id === vocal.id ? state.versionStatus : null,
    ...(vocal.status === "completed" ? { mix_url: vocalMediaUrl(vocal, "mix.mp3"), vocal_url: vocalMediaUrl(vocal, "vocal.mp3") } : {}),
  };
}

/** The newest generated vocal row (for the pages). */
export const latestGeneratedVocal = (songId: string) => latestGenerated(songId);

/** Storage key of a generated vocal's review file, for its owner's media route. */
export function reviewFileKey(vocal: SongVocal, file: string): string | null {
  if (vocal.kind !== "generated" || vocal.status !== "completed") return null;
  if (file === "mix.mp3") return vocal.mixKey;
  if (file === "vocal.mp3") return vocal.vocalKey ? vocal.vocalKey.replace(/vocal\.wav$/, "vocal.mp3") : null;
  return null;
}

// ---- Saving ----

/**
 * POST …/generative_vocals/save: the newest generated vocal goes on the song (a "vocals" version). 404 before
 * any; 409 generative_vocal_invalid_status when the newest is still being sung or failed (what the user
 * reviewed is that one, so an older completed vocal is not saved in its place).
 */
export async function saveGenerativeVocal(song: Song): Promise<{ status: "pending"; vocal_id: string }> {
  const vocal = await latestGenerated(song.id);
  if (!vocal) throw new ApiError(404, "not_found", "There is no finished generated vocal to save.");
  if (vocal.status !== "completed") throw new ApiError(409, "generative_vocal_invalid_status", VOCAL_ERROR_MESSAGES.generative_vocal_invalid_status);
  await db.update(songVocals).set({ saved: true, updatedAt: new Date() }).where(eq(songVocals.id, vocal.id));
  await applyVocal(song, vocal.id);
  return { status: "pending", vocal_id: vocal.id };
}

// ---- The job ----

/** A failure that names its spec 1 §8 code; the vocal.generate handler keeps the code. */
class VocalJobError extends Error {
  constructor(
    public readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Ends the vocal with a §8 code found at sing time, keeping the rule's message (it may name the line): these
 * are final, so the job stops now instead of retrying (giveUpOnVocal would only say "Unable to create vocal track").
 */
async function endWith(vocalId: string, broken: GenerativeVocalsRuleError): Promise<void> {
  console.warn(`Vocal ${vocalId} not sung (${broken.code}): ${broken.message}`);
  await db
    .update(songVocals)
    .set({ status: "error", errorCode: broken.code, error: broken.message, updatedAt: new Date() })
    .where(and(eq(songVocals.id, vocalId), sql`${songVocals.status} < 'completed'`));
}

/** Moves the status forward only ("where status < X": the enum is ordered), with a progress. */
async function advance(vocalId: string, status: VocalStatus, progress: number, extra: Partial<SongVocal> = {}): Promise<boolean> {
  const moved = await db
    .update(songVocals)
    .set({ status, options: sql`${songVocals.options} || ${JSON.stringify({ progress })}::jsonb`, updatedAt: new Date(), ...extra })
    .where(and(eq(songVocals.id, vocalId), sql`${songVocals.status} < ${sql.raw(`'${status}'`)}`))
    .returning({ id: songVocals.id });
  return moved.length > 0;
}

async function setProgress(vocalId: string, progress: number): Promise<void> {
  await db
    .update(songVocals)
    .set({ options: sql`${songVocals.options} || ${JSON.stringify({ progress })}::jsonb`, updatedAt: new Date() })
    .where(and(eq(songVocals.id, vocalId), eq(songVocals.status, "generating_vocals_for_sections")));
}

/** The notes of each lyrics section that has any (notes carry their line number through the song). */
function notesBySection(notes: VocalNote[], lineCounts: number[]): VocalNote[][] {
  const groups: VocalNote[][] = lineCounts.map(() => []);
  const sectionOfLine: number[] = lineCounts.flatMap((lines, section) => Array.from({ length: lines }, () => section));
  for (const note of notes) groups[sectionOfLine[note.line] ?? groups.length - 1]?.push(note);
  return groups.filter((group) => group.length > 0);
}

/**
 * vocal.generate for a generated vocal: the melody over the song's current composition, the singing section
 * by section (progress after each), the production effect, then vocal.wav/vocal.mp3 and the review mix over
 * the song's current instrumental. Re-running after a crash starts the audio again (nothing half-written is
 * kept: files are only referenced once completed), and statuses never move back.
 */
export async function generateSongVocal(vocalId: string): Promise<void> {
  const vocal = await findVocal(vocalId);
  if (!vocal || vocal.kind !== "generated" || vocal.status === "completed" || vocal.status === "error") return;
  const song = await findSong(vocal.songId);
  if (!song?.compositionId || !song.media) throw new Error(`Song ${vocal.songId} is not ready for a vocal`);
  const voiceId = vocal.voiceId ?? "";
  const sections = vocal.lyricsSnapshot ?? [];
  const seed = deriveSeed(1, "generated-vocal", vocal.id);

  await advance(vocalId, "generating_vocal_melody", 0);
  const protectedRows = await db.select({ text: protectedLyrics.text }).from(protectedLyrics);
  const isProtected = protectedAtSingTime(sections, protectedRows.map((row) => row.text));
  if (isProtected) return endWith(vocalId, isProtected);
  const composition = await loadComposition(song.compositionId);
  let notes: VocalNote[];
  try {
    notes = await writeVocalMelodyOffThread(composition, { sections }, seed, voiceId);
  } catch (error) {
    throw new VocalJobError("vocal_melody_error", `No melody for vocal ${vocalId}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (notes.length === 0) {
    // Deterministic: retrying cannot help, so the vocal fails now with its own code.
    await giveUpOnVocal(vocalId, new Error("The lyrics gave no notes"), "vocal_melody_error");
    return;
  }
  const sungSyllables = sections.flatMap((section) => section.lines.map((line) => syllabifyLine(line.value).length));
  const unsingable = unsingableLine(sections, phrasePlan(composition), sungSyllables, notes);
  if (unsingable) return endWith(vocalId, unsingable);

  await advance(vocalId, "generating_vocals_for_sections", 0.05);
  const groups = notesBySection(notes, sections.map((section) => section.lines.length));
  const chunks: SungChunk[] = [];
  for (const [index, group] of groups.entries()) {
    chunks.push(await singNotesOffThread(group, voiceId, deriveSeed(seed, index)));
    await setProgress(vocalId, 0.05 + (0.8 * (index + 1)) / groups.length);
  }

  const storage = getStorage();
  const instrumentalKey = song.media.instrumental?.wav ?? song.media.wav;
  const instrumentalWav = await storage.get(instrumentalKey);
  if (!instrumentalWav) throw new Error(`The instrumental ${instrumentalKey} is missing`);
  const finished = await finishVocalOffThread(chunks, instrumentalWav, vocal.emphasis);
  const folder = `songs/${song.id}/vocals/${vocal.id}`;
  const keys = { vocalWav: `${folder}/vocal.wav`, vocalMp3: `${folder}/vocal.mp3`, mix: `${folder}/mix.mp3` };
  await Promise.all([storage.put(keys.vocalWav, finished.vocalWav), storage.put(keys.vocalMp3, finished.vocalMp3), storage.put(keys.mix, finished.mixMp3)]);
  await advance(vocalId, "completed", 1, { vocalKey: keys.vocalWav, mixKey: keys.mix, completedAt: new Date(), error: null, errorCode: null });
}
