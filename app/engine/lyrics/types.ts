// The lyrics vocabulary shared by the generator, the validators and (later) the web routes.
// Times are seconds from the start of the song, the same clock as the composition's segments.
import type { Seconds } from "../types";

export type LyricsSectionType = "intro" | "verse" | "pre_chorus" | "chorus" | "bridge" | "outro";
export const LYRICS_SECTION_TYPES: readonly LyricsSectionType[] = ["intro", "verse", "pre_chorus", "chorus", "bridge", "outro"];

export interface LyricLine {
  value: string;
  /** When the line is sung, in seconds from the start of the song. */
  timing: { start: Seconds; end: Seconds };
  /** How many syllables the phrase under this line is written for. */
  syllableTarget: number;
}

export interface LyricsSection {
  type: LyricsSectionType;
  lines: LyricLine[];
}

export interface Lyrics {
  sections: LyricsSection[];
  /** A name from LYRICS_LANGUAGES, e.g. "English", or "None". */
  language: string;
  /** The prompt the lyrics were written from ("" for hand-written lyrics). */
  prompt: string;
}

/** One sung phrase of the song: where a lyric line goes and how many syllables fit. */
export interface Phrase {
  start: Seconds;
  end: Seconds;
  /** Syllables the generator aims for. */
  syllableTarget: number;
  /** The most syllables a singer can fit; a longer line fails validation. */
  syllableLimit: number;
  /** Index of the composition segment the phrase starts in. */
  segment: number;
}

export interface PlannedSection {
  type: LyricsSectionType;
  /** Which occurrence of this type (0 = first verse, 1 = second verse...). */
  occurrence: number;
  start: Seconds;
  end: Seconds;
  phrases: Phrase[];
}

/** The vocal phrases of a composition, section by section (sections without phrases are omitted). */
export interface PhrasePlan {
  tempo: number;
  durationSeconds: Seconds;
  sections: PlannedSection[];
}
