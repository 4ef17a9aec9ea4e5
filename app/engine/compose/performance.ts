// Performance, not playback (MUSIC.md "Feel"): how a player of the style would play the written notes.
//
// - A touch per style family and part (`touch`): the velocity curve that decides which of an instrument's
//   velocity layers a note reaches. Lo-fi, ambient and band keys are played lightly (a soft piano layer, a
//   darker guitar), dance and trap parts hit harder; the curve is a power law, so the order of notes and the
//   verse-to-chorus difference stay (MUSIC.md "Form and energy").
// - Metric accents (`metricAccent`): within the bar the downbeat leans, the beats follow, the "and"s are
//   lighter and the 16ths between lighter still, as a player's hands do; steady machines (dance, trap) lean
//   less. Kick and snare keep the weights their groove wrote (accents, ghosts).
// - A pocket (`pocketMs`): where the style sits against the grid, the same every time it comes round (not
//   random): boom bap and lo-fi drag the backbeat and the chords' off-beats, R&B and downtempo lay back a
//   little less, reggae's bass sits behind the beat, dance and trap sit on it. The time-keeper stays on the
//   grid: it is the pulse a listener (and a tempo tracker) locks to.
//
// The user's humanness (theory/humanize.ts) still adds its small random drift on top.

import type { DrumKind, Note, PartName } from "../types";

export interface PerformanceStyle {
  family: string;
  /** Velocity exponent per part: > 1 lighter touch (soft layers), < 1 harder. */
  touch: Partial<Record<PartName, number>>;
  /** 0..1: how strongly the bar's metric accents shape velocity. */
  accentDepth: number;
  /** Milliseconds behind (+) or ahead (−) of the grid per role, on the off-beats / backbeats where it applies. */
  backbeatLateMs: number;
  offbeatChordsLateMs: number;
  bassLateMs: number;
}

const NEUTRAL: PerformanceStyle = { family: "other", touch: {}, accentDepth: 0.7, backbeatLateMs: 0, offbeatChordsLateMs: 0, bassLateMs: 0 };

const STYLES: Record<string, PerformanceStyle> = {
  boom_bap_lofi: { family: "boom_bap_lofi", touch: { chords: 1.18, pad: 1.1, lead: 1.08, arp: 1.12, bass: 1.04 }, accentDepth: 1, backbeatLateMs: 14, offbeatChordsLateMs: 12, bassLateMs: 6 },
  downtempo: { family: "downtempo", touch: { chords: 1.12, pad: 1.08, lead: 1.05, arp: 1.08 }, accentDepth: 0.9, backbeatLateMs: 9, offbeatChordsLateMs: 7, bassLateMs: 4 },
  ambient: { family: "ambient", touch: { chords: 1.2, pad: 1.1, lead: 1.1, arp: 1.15, bass: 1.05 }, accentDepth: 0.6, backbeatLateMs: 0, offbeatChordsLateMs: 0, bassLateMs: 0 },
  band_score: { family: "band_score", touch: { chords: 1.06, lead: 1.02, arp: 1.06 }, accentDepth: 1, backbeatLateMs: 5, offbeatChordsLateMs: 3, bassLateMs: 2 },
  latin_caribbean_afro: { family: "latin_caribbean_afro", touch: { chords: 1.04, arp: 1.04 }, accentDepth: 0.9, backbeatLateMs: 3, offbeatChordsLateMs: 0, bassLateMs: 7 },
  dance: { family: "dance", touch: { chords: 0.92, lead: 0.94, arp: 0.92, bass: 0.95, drums: 0.95 }, accentDepth: 0.35, backbeatLateMs: 0, offbeatChordsLateMs: 0, bassLateMs: 0 },
  trap: { family: "trap", touch: { chords: 0.96, lead: 0.96, arp: 0.95, drums: 0.95 }, accentDepth: 0.4, backbeatLateMs: 0, offbeatChordsLateMs: 0, bassLateMs: 0 },
  experimental: NEUTRAL,
};

export function performanceStyle(family: string): PerformanceStyle {
  return STYLES[family] ?? NEUTRAL;
}

/** Velocity scale by position in the bar (16th steps): downbeat, beats, 8th "and"s, 16ths between. */
export function metricAccent(step: number, depth: number): number {
  const inBar = ((step % 16) + 16) % 16;
  const shape = inBar === 0 ? 0.06 : inBar % 4 === 0 ? 0.02 : inBar % 2 === 0 ? -0.05 : -0.1;
  return 1 + shape * depth;
}

/** The player's touch: a power curve on velocity (1..127), order-preserving. */
export function touchVelocity(velocity: number, exponent: number): number {
  if (exponent === 1) return velocity;
  return Math.max(1, Math.min(127, Math.round(127 * Math.pow(Math.max(1, velocity) / 127, exponent))));
}

const ACCENTED_DRUMS = new Set<DrumKind>(["closed_hat", "open_hat", "auxiliary"]);

/** Where this note sits against the grid, in milliseconds (0 for the time-keeper). */
export function pocketMs(note: Note, part: PartName, style: PerformanceStyle): number {
  if (note.keeper) return 0;
  const inBar = ((note.step % 16) + 16) % 16;
  if (part === "drums") return note.drum === "snare" && (inBar === 4 || inBar === 12) ? style.backbeatLateMs : 0;
  if (part === "bass") return style.bassLateMs;
  if (part === "chords" || part === "pad") return inBar % 4 !== 0 ? style.offbeatChordsLateMs : 0;
  return 0;
}

/** The velocity this style's player gives the note (before the humanness drift). */
export function performedVelocity(note: Note, part: PartName, style: PerformanceStyle): number {
  if (note.keeper) return note.velocity;
  const accented = part === "drums" ? note.drum !== undefined && ACCENTED_DRUMS.has(note.drum) : part !== "lead";
  const velocity = accented ? note.velocity * metricAccent(note.step, style.accentDepth) : note.velocity;
  return touchVelocity(velocity, style.touch[part] ?? 1);
}
