// Lo-Fi (wd_lofi): morning, afternoon and night moods of the same lazy swung beat.
import { defineFilter } from "./defineFilter";
import { LOFI_DORIAN, LOFI_MAJOR, LOFI_MINOR } from "./progressions";

const STYLE = "wd_lofi";

const LOFI_SOUNDS = {
  bass: ["gm_electric_bass_finger", "gm_acoustic_bass", "gm_fretless_bass"],
  chords: ["gm_electric_piano_1", "gm_acoustic_grand_piano", "gm_electric_guitar_jazz"],
  lead: ["gm_vibraphone", "gm_flute", "gm_electric_piano_2", "gm_muted_trumpet"],
  pad: ["gm_pad_2_warm", "gm_string_ensemble_2"],
};

export const LOFI_FILTERS = [
  defineFilter(STYLE, "morning_sun", "Morning Sun", ["lo-fi", "chillhop"], {
    family: "boom_bap_lofi",
    tempo: { min: 84, max: 92 },
    progressions: { major: LOFI_MAJOR },
    barsPerChord: 1,
    grooves: ["lofi"],
    swing: 0.56,
    parts: ["drums", "bass", "chords", "lead"],
    arrangement: "loop",
    bass: "pattern",
    lead: { register: 76, motifBars: 1, density: 0.75 },
    instruments: LOFI_SOUNDS,
    drumKit: "dusty",
    drumSounds: { auxiliary: ["jazz_maracas", "brush_cabasa"] },
    suggestedMix: "lofi",
    suggestedSfx: "birds",
  }),
  defineFilter(STYLE, "afternoon_nap", "Afternoon Nap", ["lo-fi", "jazzhop"], {
    family: "boom_bap_lofi",
    tempo: { min: 74, max: 82 },
    progressions: { major: LOFI_MAJOR, dorian: LOFI_DORIAN },
    barsPerChord: 2,
    grooves: ["lofi"],
    swing: 0.6,
    parts: ["drums", "bass", "chords", "lead", "pad"],
    arrangement: "loop",
    bass: "pattern",
    lead: { register: 72, motifBars: 2, density: 0.55 },
    instruments: LOFI_SOUNDS,
    drumKit: "dusty",
    drumSounds: { auxiliary: ["brush_side_stick", "jazz_side_stick"] },
    suggestedMix: "lofi",
    suggestedSfx: "creek",
  }),
  defineFilter(STYLE, "rainy_nights", "Rainy Nights", ["lo-fi", "sad lo-fi"], {
    family: "boom_bap_lofi",
    tempo: { min: 64, max: 72 },
    progressions: { minor: LOFI_MINOR, dorian: LOFI_DORIAN },
    barsPerChord: 2,
    grooves: ["lofi"],
    swing: 0.58,
    parts: ["drums", "bass", "chords", "lead", "pad"],
    arrangement: "loop",
    bass: "pattern",
    lead: { register: 67, motifBars: 2 },
    instruments: LOFI_SOUNDS,
    drumKit: "dusty",
    drumSounds: { auxiliary: ["brush_side_stick", "jazz_side_stick"] },
    suggestedMix: "lofi",
    suggestedSfx: "rain_light",
  }),
];
