// Electronic Dance (wd_edm): house, electro house, chill wave.
import { defineFilter } from "./defineFilter";
import { EDM_DORIAN, EDM_MINOR, EDM_PHRYGIAN, POP_MAJOR } from "./progressions";

const STYLE = "wd_edm";

export const EDM_FILTERS = [
  defineFilter(STYLE, "house", "House", ["house", "deep house"], {
    family: "dance",
    tempo: { min: 120, max: 128 },
    progressions: { minor: EDM_MINOR, dorian: EDM_DORIAN },
    barsPerChord: 1,
    grooves: ["house"],
    parts: ["drums", "bass", "chords", "lead", "pad"],
    arrangement: "club",
    bass: "pattern",
    lead: { register: 74, motifBars: 1, density: 1.2, rhythm: "riff" },
    instruments: {
      bass: ["gm_synth_bass_1", "gm_synth_bass_2"],
      chords: ["gm_acoustic_grand_piano", "syn_pluck_keys", "gm_electric_piano_1"],
      lead: ["syn_pluck", "syn_square_lead", "gm_lead_2_sawtooth"],
      pad: ["syn_warm_pad", "gm_pad_3_polysynth"],
    },
    drumKit: "edm",
    suggestedMix: "dm_house",
    suggestedSfx: "none",
  }),
  defineFilter(STYLE, "electro_house", "Electro House", ["electro house", "big room"], {
    family: "dance",
    tempo: { min: 124, max: 130 },
    progressions: { minor: EDM_MINOR, phrygian: EDM_PHRYGIAN },
    barsPerChord: 1,
    grooves: ["electro"],
    parts: ["drums", "bass", "chords", "lead", "arp"],
    arrangement: "club",
    bass: "pattern",
    lead: { register: 76, motifBars: 1, density: 1.4, rhythm: "riff" },
    arp: { stepsPerNote: 1, shape: "updown" },
    instruments: {
      bass: ["syn_reese_bass", "syn_acid_bass", "syn_wobble_reese"],
      chords: ["syn_supersaw_chords", "syn_trance_stack"],
      lead: ["syn_supersaw_lead", "syn_acid_lead", "gm_lead_2_sawtooth"],
      arp: ["syn_pluck", "syn_chip_lead"],
    },
    drumKit: "edm",
    suggestedMix: "dm_electro_house",
    suggestedSfx: "none",
  }),
  defineFilter(STYLE, "chill_wave", "Chill Wave", ["chillwave", "synthwave"], {
    family: "downtempo",
    tempo: { min: 92, max: 100 },
    progressions: { major: POP_MAJOR, dorian: EDM_DORIAN, minor: EDM_MINOR },
    barsPerChord: 2,
    grooves: ["chill_halftime"],
    parts: ["drums", "bass", "chords", "lead", "pad", "arp"],
    arrangement: "song",
    bass: "pattern",
    lead: { register: 72, motifBars: 2, density: 1 },
    arp: { stepsPerNote: 2, shape: "up" },
    instruments: {
      bass: ["gm_synth_bass_2", "syn_square_bass"],
      chords: ["gm_pad_3_polysynth", "syn_fm_keys", "gm_electric_piano_2"],
      lead: ["gm_lead_1_square", "syn_square_lead", "syn_fm_bell"],
      pad: ["syn_dream_pad", "gm_pad_7_halo"],
      arp: ["syn_pluck", "syn_mallet_pluck"],
    },
    drumKit: "vintage_electronic",
    suggestedMix: "dm_chill_wave",
    suggestedSfx: "none",
  }),
];
