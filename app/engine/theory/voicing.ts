// Chord voicing with voice leading: of all close-position inversions that fit the register, take the one
// whose voices move least from the previous chord (common tones stay, the rest move by small steps).
import type { Midi } from "../types";
import type { Chord } from "./chords";
import { pitchClass } from "./pitch";

export interface Register {
  low: Midi;
  high: Midi;
}

/** MUSIC.md: keep chord voicings between about C3 and C5. */
export const CHORD_REGISTER: Register = { low: 48, high: 72 };

/**
 * Voices `chord` within `register`, leading smoothly from `previous` (or centred in the register when there
 * is none). Every chord tone is voiced, so a melody's chord tones are always in the chord part.
 */
export function voiceChord(chord: Chord, previous: readonly Midi[] | null, register: Register = CHORD_REGISTER): Midi[] {
  const candidates = closeVoicings(chord.pitchClasses, register);
  if (candidates.length === 0) throw new Error(`No voicing of ${chord.symbol} fits ${register.low}..${register.high}`);
  const centre = (register.low + register.high) / 2;
  const cost = (voicing: Midi[]): number =>
    previous && previous.length > 0 ? movement(previous, voicing) : Math.abs(average(voicing) - centre);
  return candidates.reduce((best, candidate) => (cost(candidate) < cost(best) ? candidate : best));
}

/** Every rotation of the tones stacked upwards from each possible bottom note inside the register. */
function closeVoicings(tones: readonly number[], register: Register): Midi[][] {
  const voicings: Midi[][] = [];
  for (let rotation = 0; rotation < tones.length; rotation++) {
    const order = [...tones.slice(rotation), ...tones.slice(0, rotation)];
    for (let bottom = register.low; bottom < register.low + 12; bottom++) {
      if (pitchClass(bottom) !== order[0]) continue;
      const voicing = [bottom];
      for (const tone of order.slice(1)) {
        const last = voicing[voicing.length - 1];
        voicing.push(last + 1 + pitchClass(tone - last - 1));
      }
      for (let shift = 0; voicing[voicing.length - 1] + shift <= register.high; shift += 12) {
        voicings.push(voicing.map((pitch) => pitch + shift));
      }
    }
  }
  return voicings;
}

/** Total semitones each new voice sits from the nearest old voice, plus the reverse, so both sets match up. */
function movement(from: readonly Midi[], to: readonly Midi[]): number {
  const nearest = (pitch: Midi, set: readonly Midi[]) => Math.min(...set.map((other) => Math.abs(other - pitch)));
  return to.reduce((sum, pitch) => sum + nearest(pitch, from), 0) + from.reduce((sum, pitch) => sum + nearest(pitch, to), 0);
}

function average(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}
