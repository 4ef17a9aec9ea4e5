// A song's lyrics (spec 1 §3 Lyrics, §4 Lyrics generation, §5, §8; docs/vocals-flow.md): generating them
// from a prompt (the lyrics.generate job), reading, hand edits, deleting, timings and syllable counts.
// Pages and APIs both call this file, so the rules live in one place. The edit guards
// (requireEditableSong / loadSongForEditPage) run before any of it.
import { and, count, eq, gt, inArray } from "drizzle-orm";
import { z } from "zod";
import { enqueue } from "../../../jobs/enqueue";
import { users } from "../../../drizzle/schema/auth";
import { lyricsGenerations, songLyrics, type SongLyrics } from "../../../drizzle/schema/vocals";
import type { Song } from "../../../drizzle/schema/songs";
import {
  generateLyrics,
  lineSyllables,
  LYRICS_SECTION_TYPES,
  LYRICS_LANGUAGE_OPTIONS,
  lyricsText,
  MAX_LYRICS_CHARACTERS,
  normaliseLanguage,
  phrasePlan,
  promptIdeas,
  tooLong,
  type LyricLine,
  type Lyrics,
  type LyricsSection,
  type LyricsSectionType,
  type PhrasePlan,
} from "~/engine/lyrics";
import { findSong } from "~/models/song.server";
import { db } from "~/server/db.server";
import { ApiError } from "~/server/http.server";
import { LYRICS_PROMPT_MAX } from "~/utils/field-limits";
import { typedText } from "~/utils/input-schemas";
import { newSeed } from "../songs/create.server";
import { loadComposition, type EditableSong } from "../songs/edit.server";

/** Generations one user may start in any 24 hours (answer 429 past it). */
export const DAILY_LYRICS_GENERATIONS = 30;
export { LYRICS_PROMPT_MAX };
// Re-exported for pages: route modules import the engine's lyrics (node:fs dictionaries) only through here.
export { LYRICS_LANGUAGE_OPTIONS, MAX_LYRICS_CHARACTERS, promptIdeas };
const DAY_MS = 24 * 60 * 60 * 1000;

export const DAILY_LIMIT_MESSAGE = `You have reached today's limit of ${DAILY_LYRICS_GENERATIONS} lyrics generations. Try again tomorrow.`;
export const PROMPT_TOO_LONG_MESSAGE = `The prompt is too long: keep it to ${LYRICS_PROMPT_MAX} characters.`;
export const LYRICS_TOO_LONG_MESSAGE = `The lyrics are too long: keep them to ${MAX_LYRICS_CHARACTERS} characters.`;
export const NO_LYRICS_MESSAGE = "This song has no lyrics yet.";
export const GENERATION_FAILED_MESSAGE = "We could not write lyrics for this song. Please try again.";

export const LyricsPromptSchema = z.object({
  prompt: typedText().trim().min(1, "Write a few words about what the song is about."),
});

const LineInputSchema = z.object({
  value: typedText(),
  // Kept when sent; lines without them are fitted to the song's phrases.
  timing: z.object({ start: z.number().min(0), end: z.number().min(0) }).optional(),
  syllableTarget: z.number().int().min(0).optional(),
});

export const LyricsInputSchema = z.object({
  sections: z
    .array(
      z.object({
        type: z.enum(LYRICS_SECTION_TYPES as [LyricsSectionType, ...LyricsSectionType[]], { error: "Not a section type." }),
        lines: z.array(LineInputSchema).max(64, "At most 64 lines in a section."),
      }),
    )
    .max(32, "At most 32 sections."),
  language: z.string().max(40).optional(),
  prompt: typedText().max(LYRICS_PROMPT_MAX).optional(),
});
export type LyricsInput = z.infer<typeof LyricsInputSchema>;

export async function findLyrics(songId: string): Promise<SongLyrics | null> {
  const [row] = await db.select().from(songLyrics).where(eq(songLyrics.songId, songId));
  return row ?? null;
}

async function requireLyrics(songId: string): Promise<SongLyrics> {
  const row = await findLyrics(songId);
  if (!row) throw new ApiError(404, "no_lyrics", NO_LYRICS_MESSAGE);
  return row;
}

export function toLyrics(row: SongLyrics): Lyrics {
  return { sections: row.sections, language: row.language, prompt: row.prompt };
}

/**
 * Starts a generation: a lyrics_generations row (the daily limit counts them), the lyrics marked pending
 * with a fresh seed, and the lyrics.generate job, in one transaction. The previous lines stay readable
 * until the job replaces them.
 */
export async function requestLyrics({ user, song }: EditableSong, prompt: string): Promise<{ status: "pending" }> {
  const text = prompt.trim();
  if (text.length > LYRICS_PROMPT_MAX) throw new ApiError(422, "character_limit", PROMPT_TOO_LONG_MESSAGE, { prompt: [PROMPT_TOO_LONG_MESSAGE] });
  if (!song.compositionId) throw new ApiError(409, "not_ready", "This song is still being created. Try again when it is ready.");
  return db.transaction(async (tx) => {
    // One user's requests queue here, so two at once cannot both take the last generation of the day.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for("update");
    const since = new Date(Date.now() - DAY_MS);
    const [used] = await tx
      .select({ n: count() })
      .from(lyricsGenerations)
      .where(and(eq(lyricsGenerations.userId, user.id), gt(lyricsGenerations.createdAt, since)));
    if ((used?.n ?? 0) >= DAILY_LYRICS_GENERATIONS) throw new ApiError(429, "daily_limit", DAILY_LIMIT_MESSAGE);
    await tx.insert(lyricsGenerations).values({ userId: user.id, songId: song.id });
    const fields = { prompt: text, status: "pending" as const, error: null, seed: newSeed(), updatedAt: new Date() };
    await tx
      .insert(songLyrics)
      .values({ songId: song.id, ...fields })
      .onConflictDoUpdate({ target: songLyrics.songId, set: fields });
    await enqueue("lyrics.generate", { lyricsId: song.id }, { tx });
    return { status: "pending" as const };
  });
}

export async function lyricsStatus(songId: string): Promise<{ status: SongLyrics["status"]; error?: string }> {
  const row = await requireLyrics(songId);
  return row.error ? { status: row.status, error: row.error } : { status: row.status };
}

export async function readLyrics(songId: string): Promise<Lyrics> {
  return toLyrics(await requireLyrics(songId));
}

/** The phrases of the composition the song plays now. */
export async function songPhrasePlan(song: Song): Promise<PhrasePlan> {
  if (!song.compositionId) throw new ApiError(409, "not_ready", "This song is still being created. Try again when it is ready.");
  return phrasePlan(await loadComposition(song.compositionId));
}

/**
 * Gives each line a timing and target: its own when sent, else the phrase at its place in the planned
 * section of the same type and occurrence (the second verse's third line sings over the second verse's
 * third phrase). A line with no phrase there sits at the end of the previous line with target 0.
 */
export function fitToPlan(sections: LyricsInput["sections"], plan: PhrasePlan): LyricsSection[] {
  const seen = new Map<LyricsSectionType, number>();
  let previousEnd = 0;
  return sections.map((section) => {
    const occurrence = seen.get(section.type) ?? 0;
    seen.set(section.type, occurrence + 1);
    const planned = plan.sections.find((candidate) => candidate.type === section.type && candidate.occurrence === occurrence);
    const lines: LyricLine[] = section.lines.map((line, index) => {
      const phrase = planned?.phrases[index];
      const timing = line.timing ?? (phrase ? { start: phrase.start, end: phrase.end } : { start: previousEnd, end: previousEnd });
      previousEnd = timing.end;
      return { value: line.value.replace(/\s+/g, " ").trim(), timing, syllableTarget: line.syllableTarget ?? phrase?.syllableTarget ?? 0 };
    });
    return { type: section.type, lines };
  });
}

/** Hand edits (PUT): 400 for a language not in the list, 422 over the character limit. */
export async function saveLyrics({ song }: EditableSong, input: LyricsInput): Promise<Lyrics> {
  const language = normaliseLanguage(input.language);
  if (language === null) throw new ApiError(400, "invalid_input", "Some fields are invalid.", { language: ["Choose a language from the list."] });
  const sections = fitToPlan(input.sections, await songPhrasePlan(song));
  const previous = await findLyrics(song.id);
  const lyrics: Lyrics = { sections, language, prompt: input.prompt ?? previous?.prompt ?? "" };
  if (tooLong(lyricsText(lyrics))) throw new ApiError(422, "character_limit", LYRICS_TOO_LONG_MESSAGE, { lyrics: [LYRICS_TOO_LONG_MESSAGE] });
  // Completed: a generation still running for older lyrics then finds nothing to write (see completeLyrics).
  const fields = { sections, language, prompt: lyrics.prompt, status: "completed" as const, error: null, updatedAt: new Date() };
  await db.insert(songLyrics).values({ songId: song.id, ...fields }).onConflictDoUpdate({ target: songLyrics.songId, set: fields });
  return lyrics;
}

export async function deleteLyrics({ song }: EditableSong): Promise<void> {
  const deleted = await db.delete(songLyrics).where(eq(songLyrics.songId, song.id)).returning({ songId: songLyrics.songId });
  if (deleted.length === 0) throw new ApiError(404, "no_lyrics", NO_LYRICS_MESSAGE);
}

export interface LineTiming {
  section: number;
  line: number;
  type: LyricsSectionType;
  start: number;
  end: number;
}

/** GET …/lyrics/timing: where the lines are sung (empty without lyrics) and the song's phrase plan. */
export async function lyricsTiming(song: Song): Promise<{ lines: LineTiming[]; plan: PhrasePlan }> {
  const [plan, row] = await Promise.all([songPhrasePlan(song), findLyrics(song.id)]);
  const lines = (row?.sections ?? []).flatMap((section, sectionIndex) =>
    section.lines.map((line, lineIndex) => ({ section: sectionIndex, line: lineIndex, type: section.type, start: line.timing.start, end: line.timing.end })),
  );
  return { lines, plan };
}

export interface CountedLine extends LyricLine {
  syllableCount: number;
  /** The most syllables the phrase under the line fits; null for a line without a phrase. */
  syllableLimit: number | null;
}

/** lyrics_with_syllable_count: every line with its count, its phrase's target and limit. */
export function countSyllables(lyrics: Lyrics, plan: PhrasePlan): Omit<Lyrics, "sections"> & { sections: { type: LyricsSectionType; lines: CountedLine[] }[] } {
  const phrases = plan.sections.flatMap((section) => section.phrases);
  const limitAt = (start: number) => phrases.find((phrase) => Math.abs(phrase.start - start) < 0.01)?.syllableLimit ?? null;
  return {
    ...lyrics,
    sections: lyrics.sections.map((section) => ({
      type: section.type,
      lines: section.lines.map((line) => ({ ...line, syllableCount: lineSyllables(line.value), syllableLimit: line.syllableTarget > 0 ? limitAt(line.timing.start) : null })),
    })),
  };
}

export async function lyricsWithCounts(song: Song) {
  const [row, plan] = await Promise.all([requireLyrics(song.id), songPhrasePlan(song)]);
  return countSyllables(toLyrics(row), plan);
}

// The job's side. Status writes only move forward, and only for the generation they belong to (the
// seed): a retried job rewrites the same lines, a stale one (the user asked again meanwhile) writes nothing.
const UNFINISHED = ["pending", "generating"] as const;

/** The lyrics.generate job: pending → generating → completed with lines fitted to the song's phrases. */
export async function completeLyrics(songId: string): Promise<void> {
  const row = await findLyrics(songId);
  if (!row || row.status === "completed" || row.status === "error" || row.seed === null) return;
  const mine = and(eq(songLyrics.songId, songId), eq(songLyrics.seed, row.seed), inArray(songLyrics.status, [...UNFINISHED]));
  await db.update(songLyrics).set({ status: "generating", updatedAt: new Date() }).where(and(mine, eq(songLyrics.status, "pending")));
  const song = await findSong(songId);
  if (!song?.compositionId) throw new Error(`Song ${songId} has no composition`);
  const lyrics = generateLyrics({ prompt: row.prompt, plan: phrasePlan(await loadComposition(song.compositionId)), seed: row.seed });
  await db.update(songLyrics).set({ status: "completed", sections: lyrics.sections, language: lyrics.language, error: null, updatedAt: new Date() }).where(mine);
}

/** After the last attempt: the lyrics error the page shows. */
export async function giveUpOnLyrics(songId: string): Promise<void> {
  await db
    .update(songLyrics)
    .set({ status: "error", error: GENERATION_FAILED_MESSAGE, updatedAt: new Date() })
    .where(and(eq(songLyrics.songId, songId), inArray(songLyrics.status, [...UNFINISHED])));
}
