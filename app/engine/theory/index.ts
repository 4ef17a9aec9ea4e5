// Music theory and randomness helpers used by the composer.
export { createRng, type Rng } from "./random";
export { fnv1a32, hashId, deriveSeed } from "./hash";
export { PITCH_CLASS_NAMES, pitchClass, noteName, midiOf, nearestWithPitchClass } from "./pitch";
export { keySpelling, keyName, spellDegree, spellInKey } from "./spelling";
export { MODE_INTERVALS, MINOR_THIRD_MODES, isMinorMode, makeKey, scalePitchClasses, stepAlongScale, snapToScale } from "./scales";
export { parseRomanNumeral, type RomanNumeral, type ChordSuffix } from "./romanNumerals";
export { chordFromNumeral, type Chord } from "./chords";
export { voiceChord, CHORD_REGISTER, type Register } from "./voicing";
export { chordScale, nearestChordTone } from "./chordScale";
export { parseRhythm, isStrongBeat, secondsPer16th, secondsPerBar, type RhythmHit, type HitWeight } from "./rhythm";
export { swingOffset } from "./swing";
export { humanTimingOffset, humanVelocity, clamp, LOOSENESS } from "./humanize";
