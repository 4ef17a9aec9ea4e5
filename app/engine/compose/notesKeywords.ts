// The user's free-text notes ("darker, more piano") nudge a few choices. Matching is by whole keyword,
// case-insensitive; the table below is the complete list (also in README.md).
import type { TempoLean } from "../catalogue";
import type { PitchedPart } from "../types";

export type Mood = "dark" | "bright";

/** What the notes change. Composing nudges shape the notes; instrument hints shape the production. */
export interface NotesNudges {
  mood?: Mood;
  tempoLean: TempoLean;
  /** Multiplies the four densities (clamped to 0..1 afterwards). */
  densityScale: number;
  withoutDrums: boolean;
  instrumentHints: Partial<Record<PitchedPart, string>>;
}

type Nudge = (nudges: NotesNudges) => void;

const KEYWORDS: [pattern: RegExp, nudge: Nudge][] = [
  [/\b(dark|darker|sad|moody|minor|melancholic|gloomy)\b/, (n) => (n.mood = "dark")],
  [/\b(happy|bright|brighter|uplifting|major|sunny|joyful)\b/, (n) => (n.mood = "bright")],
  [/\b(fast|faster|energetic|upbeat|hype)\b/, (n) => (n.tempoLean = "fast")],
  [/\b(slow|slower|chill|relaxed|calm|laid[- ]back)\b/, (n) => (n.tempoLean = "slow")],
  [/\b(sparse|minimal|simple|simpler)\b/, (n) => (n.densityScale = 0.6)],
  [/\b(busy|dense|complex|intricate)\b/, (n) => (n.densityScale = 1.4)],
  [/\b(no drums|drumless|without drums)\b/, (n) => (n.withoutDrums = true)],
  [/\bpiano\b/, (n) => (n.instrumentHints.chords = "gm_acoustic_grand_piano")],
  [/\b(rhodes|electric piano|keys)\b/, (n) => (n.instrumentHints.chords = "gm_electric_piano_1")],
  [/\borgan\b/, (n) => (n.instrumentHints.chords = "gm_drawbar_organ")],
  [/\bguitar\b/, (n) => (n.instrumentHints.chords = "gm_acoustic_guitar_steel")],
  [/\b(strings|orchestral)\b/, (n) => (n.instrumentHints.pad = "gm_string_ensemble_1")],
  [/\b(brass|horns?)\b/, (n) => (n.instrumentHints.lead = "gm_brass_section")],
  [/\bflute\b/, (n) => (n.instrumentHints.lead = "gm_flute")],
  [/\b(sax|saxophone)\b/, (n) => (n.instrumentHints.lead = "gm_alto_sax")],
  [/\b(bells?|chimes)\b/, (n) => (n.instrumentHints.lead = "syn_fm_bell")],
  [/\b(synth|synths|supersaw)\b/, (n) => (n.instrumentHints.lead = "syn_supersaw_lead")],
  [/\b808s?\b/, (n) => (n.instrumentHints.bass = "syn_808_sub")],
];

export function readNotes(text: string | undefined): NotesNudges {
  const nudges: NotesNudges = { tempoLean: "any", densityScale: 1, withoutDrums: false, instrumentHints: {} };
  const lower = (text ?? "").toLowerCase();
  for (const [pattern, nudge] of KEYWORDS) if (pattern.test(lower)) nudge(nudges);
  return nudges;
}

/** The nudges that change notes; the composition id depends on these and not on the instrument hints. */
export function composingNudges(nudges: NotesNudges): Omit<NotesNudges, "instrumentHints"> {
  return { mood: nudges.mood, tempoLean: nudges.tempoLean, densityScale: nudges.densityScale, withoutDrums: nudges.withoutDrums };
}
