// Lyrics for integration tests of sung vocals: the generator's own lines, fitted to a real song's phrases.
import { songLyrics } from "#drizzle/schema/index";
import { generateLyrics, type LyricsSection } from "~/engine/lyrics";
import { findSong } from "~/models/song.server";
import { songPhrasePlan } from "~/services/lyrics/song-lyrics.server";
import type { TestDatabase } from "./database";
import { completeSong } from "./songs";

/** A complete song whose lyrics are the generator's first `lines` lines of its first section. */
export async function songWithLyrics(database: () => TestDatabase, lines = 2) {
  const made = await completeSong(database);
  const song = (await findSong(made.songId))!;
  const plan = await songPhrasePlan(song);
  const written = generateLyrics({ prompt: "walking by the sea in the summer morning", plan, seed: 7 });
  const sections: LyricsSection[] = [{ type: written.sections[0].type, lines: written.sections[0].lines.slice(0, lines) }];
  await setLyrics(database, made.songId, sections);
  return { ...made, sections, plan };
}

export async function setLyrics(database: () => TestDatabase, songId: string, sections: LyricsSection[]) {
  await database().db.insert(songLyrics).values({ songId, sections, language: "English" }).onConflictDoUpdate({ target: songLyrics.songId, set: { sections } });
}

/** The same lines with other words (timings and syllable targets kept). */
export const withWords = (sections: LyricsSection[], values: string[]): LyricsSection[] =>
  sections.map((section) => ({ ...section, lines: section.lines.map((line, index) => ({ ...line, value: values[index] ?? line.value })) }));
