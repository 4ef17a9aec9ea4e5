// Rap Beats (wd_rap). all_flavors is a roulette over the other rap filters.
import { defineFilter, type FilterMusic } from "./defineFilter";
import { LOFI_DORIAN, LOFI_MINOR, RNB_MAJOR, TRAP_HARMONIC, TRAP_MINOR, TRAP_PHRYGIAN } from "./progressions";

const STYLE = "wd_rap";

const TRAP: FilterMusic = {
  tempo: { min: 130, max: 150 },
  progressions: { minor: TRAP_MINOR, harmonic_minor: TRAP_HARMONIC },
  barsPerChord: 2,
  grooves: ["trap"],
  parts: ["drums", "bass", "chords", "lead"],
  arrangement: "trap",
  bass: "808",
  lead: { register: 72, motifBars: 2 },
  instruments: {
    bass: ["syn_808_sub", "syn_808_long_glide", "syn_808_boom"],
    chords: ["gm_pad_2_warm", "gm_string_ensemble_1", "gm_electric_piano_1"],
    lead: ["syn_fm_bell", "gm_music_box", "gm_flute", "gm_pizzicato_strings"],
  },
  drumKit: "trap_808",
  suggestedMix: "toronto",
  suggestedSfx: "none",
};

export const RAP_FILTERS = [
  defineFilter(STYLE, "songloom_trap", "Songloom Trap", ["trap", "hip hop"], TRAP),
  defineFilter(STYLE, "songloom_bap", "Songloom Bap", ["boom bap", "hip hop"], {
    tempo: { min: 85, max: 95 },
    progressions: { minor: LOFI_MINOR, dorian: LOFI_DORIAN },
    barsPerChord: 2,
    grooves: ["boom_bap"],
    parts: ["drums", "bass", "chords", "lead"],
    arrangement: "loop",
    bass: "pattern",
    lead: { register: 70, motifBars: 2 },
    instruments: {
      bass: ["gm_acoustic_bass", "gm_electric_bass_finger"],
      chords: ["gm_electric_piano_1", "gm_acoustic_grand_piano", "gm_vibraphone"],
      lead: ["gm_muted_trumpet", "gm_alto_sax", "gm_vibraphone"],
    },
    drumKit: "dusty",
    suggestedMix: "garage",
    suggestedSfx: "none",
  }),
  defineFilter(STYLE, "mahogany_flex", "Mahogany Flex", ["dark trap", "drill"], {
    tempo: { min: 132, max: 145 },
    progressions: { phrygian: TRAP_PHRYGIAN, harmonic_minor: TRAP_HARMONIC },
    barsPerChord: 2,
    grooves: ["trap_hard", "trap"],
    parts: ["drums", "bass", "chords", "lead", "pad"],
    arrangement: "trap",
    bass: "808",
    lead: { register: 70, motifBars: 1 },
    instruments: {
      bass: ["syn_808_long_glide", "syn_808_boom"],
      chords: ["gm_string_ensemble_1", "gm_tremolo_strings"],
      lead: ["gm_pizzicato_strings", "gm_orchestral_harp", "gm_piccolo"],
      pad: ["gm_choir_aahs", "gm_pad_4_choir"],
    },
    drumKit: "trap_808",
    suggestedMix: "toronto",
    suggestedSfx: "none",
  }),
  defineFilter(STYLE, "bouncey_house", "Bouncey House", ["bounce", "hip house"], {
    tempo: { min: 118, max: 126 },
    progressions: { minor: TRAP_MINOR },
    barsPerChord: 1,
    grooves: ["bounce"],
    parts: ["drums", "bass", "chords", "lead"],
    arrangement: "song",
    bass: "808",
    lead: { register: 74, motifBars: 1 },
    instruments: {
      bass: ["syn_808_sub", "syn_square_bass"],
      chords: ["syn_horn_stabs", "gm_brass_section", "syn_pluck_keys"],
      lead: ["syn_chip_lead", "gm_lead_1_square", "gm_whistle"],
    },
    drumKit: "trap_808",
    suggestedMix: "cleanish",
    suggestedSfx: "none",
  }),
  defineFilter(STYLE, "icy_beat", "Icy Beat", ["trap", "cloud rap"], {
    tempo: { min: 135, max: 150 },
    progressions: { minor: TRAP_MINOR, harmonic_minor: TRAP_HARMONIC },
    barsPerChord: 2,
    grooves: ["trap"],
    parts: ["drums", "bass", "chords", "lead", "arp"],
    arrangement: "trap",
    bass: "808",
    lead: { register: 79, motifBars: 2 },
    arp: { stepsPerNote: 2, shape: "updown" },
    instruments: {
      bass: ["syn_808_sub", "syn_808_long_glide"],
      chords: ["gm_pad_7_halo", "gm_pad_1_new_age"],
      lead: ["syn_fm_bell", "gm_celesta", "gm_glockenspiel"],
      arp: ["gm_music_box", "syn_mallet_pluck"],
    },
    drumKit: "trap_808",
    suggestedMix: "vancouver",
    suggestedSfx: "none",
  }),
  defineFilter(STYLE, "rnb", "R&B", ["r&b", "soul"], {
    tempo: { min: 68, max: 80 },
    progressions: { major: RNB_MAJOR, dorian: LOFI_DORIAN },
    barsPerChord: 1,
    grooves: ["rnb"],
    parts: ["drums", "bass", "chords", "lead", "pad"],
    arrangement: "loop",
    bass: "pattern",
    lead: { register: 72, motifBars: 2 },
    instruments: {
      bass: ["gm_electric_bass_finger", "gm_fretless_bass", "syn_808_sub"],
      chords: ["gm_electric_piano_1", "gm_electric_piano_2"],
      lead: ["gm_electric_guitar_clean", "gm_electric_piano_1", "gm_soprano_sax"],
      pad: ["gm_pad_2_warm", "gm_string_ensemble_2"],
    },
    drumKit: "vintage_electronic",
    suggestedMix: "montreal",
    suggestedSfx: "none",
  }),
];

/** The roulette: composes as one of the rap filters above, picked from the seed. */
export const ALL_FLAVORS = defineFilter(
  STYLE,
  "all_flavors",
  "All Flavors",
  ["hip hop"],
  { ...TRAP, roulette: RAP_FILTERS.map((filter) => filter.value) },
  ["playback", "create"],
);
