// The scale a melody moves in over one chord: the key's scale, with any chord tone the scale lacks (the
// raised 7th of a harmonic-minor V, the flat 7th of a borrowed bVII) replacing the scale note it clashes with.
import type { Chord } from "./chords";
import { pitchClass } from "./pitch";

export function chordScale(keyScale: readonly number[], chord: Chord): number[] {
  const result = [...keyScale];
  for (const tone of chord.pitchClasses) {
    if (result.includes(tone)) continue;
    // A raised tone pushes out the scale note a semitone below it; a lowered one, the note above.
    const below = result.indexOf(pitchClass(tone - 1));
    const clash = below >= 0 ? below : result.indexOf(pitchClass(tone + 1));
    if (clash >= 0) result[clash] = tone;
    else result.push(tone);
  }
  return result.sort((a, b) => a - b);
}

/** The chord tone nearest to `pitch` (ties go down). */
export function nearestChordTone(pitch: number, chord: Chord): number {
  for (let distance = 0; distance <= 6; distance++) {
    if (chord.pitchClasses.includes(pitchClass(pitch - distance))) return pitch - distance;
    if (chord.pitchClasses.includes(pitchClass(pitch + distance))) return pitch + distance;
  }
  return pitch;
}
