// The vocals folder's public surface: singing synthesis (voices, melody, singing, production and mix)
// and the analysis it is measured with.
export { VOICES, VOICE_IDS, getVoice, type Voice, type Vibrato } from "./voices";
export { writeVocalMelody, harmonyAt, DEFAULT_MELODY_RANGE, type LyricsInput, type LyricLine, type VocalNote, type VocalMelody, type VocalMelodyInput } from "./melody";
export { syllabifyLine, syllabifyWord, type Syllable } from "./syllabify";
export { singVocal, fitToVoice, forgetSpokenSyllables, type SingInput, type SungVocal } from "./sing";
export { produceVocal, mixVocal, type MixVocalInput, type MixedSong } from "./vocalChain";
export { VocalInputError } from "./inputError";
export { previewNotes, renderVoicePreview, PREVIEW_LYRIC } from "./preview";
export { assertEspeakAvailable, EspeakMissingError } from "./espeak";
export { wsola, type WarpPoint } from "./wsola";
export { psola } from "./repitch";
export { detectPitch, pitchTrack, hzToMidi, centsBetween, type PitchEstimate, type PitchPoint } from "./pitch";
export { detectOnsets, detectOnsetEvents, type Onset } from "./onsets";
export { decodeAudio, toMono, UnsupportedAudioFormatError, AudioTooLongError, type DecodedAudio, type DecodeOptions } from "./decode";
export { processTake, TakeOptionsError, COMPOSITION_EFFECTS, type ProcessTakeInput, type ProcessedTake, type TakeReport, type TakeOptions, type CompositionEffect } from "./processTake";
export { autotune, targetPitch, PITCH_EFFECTS, type PitchEffect, type TunedNote } from "./autotune";
export { alignTake, findBeatOffset, shiftSignal, type BeatOffset } from "./align";
export { PRODUCTION_EFFECTS, PRODUCTION_EFFECT_IDS, type ProductionEffectId } from "./productionEffect";
