// The fourteen harmonic ensembles of the production page: candidate instruments per part, one picked per song
// from the production seed. whole_db_harmonic means "the filter's own instruments".
import type { Ensemble } from "./types";

export const ENSEMBLES: readonly Ensemble[] = [
  { id: "whole_db_harmonic", name: "Style default", description: "The instruments the style and filter were designed with.", usesFilterDefaults: true, instruments: {} },
  {
    id: "acoustic_guitar_band", name: "Acoustic Guitar Band", description: "Strummed steel and nylon guitars over upright bass.", usesFilterDefaults: false,
    instruments: {
      bass: ["gm_acoustic_bass", "gm_electric_bass_finger"], chords: ["gm_acoustic_guitar_steel", "gm_acoustic_guitar_nylon"],
      lead: ["gm_acoustic_guitar_nylon", "gm_harmonica", "gm_flute"], pad: ["gm_string_ensemble_1"], arp: ["gm_acoustic_guitar_steel", "gm_orchestral_harp"],
    },
  },
  {
    id: "acoustic_world_band", name: "Acoustic World Band", description: "Koto, sitar, kalimba and pan flute.", usesFilterDefaults: false,
    instruments: {
      bass: ["gm_acoustic_bass", "gm_fretless_bass"], chords: ["gm_acoustic_guitar_nylon", "gm_banjo", "gm_koto"],
      lead: ["gm_pan_flute", "gm_sitar", "gm_shakuhachi", "gm_steel_drums"], pad: ["gm_string_ensemble_2"], arp: ["gm_kalimba", "gm_marimba", "gm_koto"],
    },
  },
  {
    id: "all_acoustic", name: "All Acoustic", description: "Piano, strings and winds, nothing plugged in.", usesFilterDefaults: false,
    instruments: {
      bass: ["gm_acoustic_bass", "gm_contrabass"], chords: ["gm_acoustic_grand_piano", "gm_acoustic_guitar_steel"],
      lead: ["gm_violin", "gm_flute", "gm_clarinet"], pad: ["gm_string_ensemble_1"], arp: ["gm_orchestral_harp", "gm_marimba"],
    },
  },
  {
    id: "chill_keys", name: "Chill Keys", description: "Electric pianos, vibraphone and warm pads.", usesFilterDefaults: false,
    instruments: {
      bass: ["gm_electric_bass_finger", "gm_fretless_bass"], chords: ["gm_electric_piano_1", "gm_electric_piano_2"],
      lead: ["gm_vibraphone", "gm_electric_piano_1", "syn_fm_bell"], pad: ["gm_pad_2_warm", "syn_warm_pad"], arp: ["gm_vibraphone", "gm_music_box"],
    },
  },
  {
    id: "fusion_70s_band", name: "70s Fusion Band", description: "Rhodes, clavinet, fretless bass and a saw lead.", usesFilterDefaults: false,
    instruments: {
      bass: ["gm_fretless_bass", "gm_slap_bass_1", "gm_electric_bass_finger"], chords: ["gm_electric_piano_1", "gm_clavinet", "gm_drawbar_organ"],
      lead: ["gm_lead_2_sawtooth", "gm_electric_guitar_clean", "gm_soprano_sax"], pad: ["gm_synth_strings_1"], arp: ["gm_clavinet"],
    },
  },
  {
    id: "jazz_50s_no_horns", name: "50s Jazz (no horns)", description: "Piano trio with jazz guitar and vibes.", usesFilterDefaults: false,
    instruments: {
      bass: ["gm_acoustic_bass"], chords: ["gm_acoustic_grand_piano", "gm_electric_guitar_jazz"],
      lead: ["gm_vibraphone", "gm_electric_guitar_jazz"], pad: ["gm_string_ensemble_2"], arp: ["gm_vibraphone", "gm_acoustic_grand_piano"],
    },
  },
  {
    id: "rock_band", name: "Rock Band", description: "Driven guitars, picked bass and organ.", usesFilterDefaults: false,
    instruments: {
      bass: ["gm_electric_bass_pick"], chords: ["gm_overdriven_guitar", "gm_distortion_guitar"],
      lead: ["gm_distortion_guitar", "gm_overdriven_guitar"], pad: ["gm_rock_organ"], arp: ["gm_electric_guitar_clean"],
    },
  },
  {
    id: "soft_rock_band", name: "Soft Rock Band", description: "Clean guitars, bright piano and organ.", usesFilterDefaults: false,
    instruments: {
      bass: ["gm_electric_bass_finger"], chords: ["gm_electric_guitar_clean", "gm_acoustic_guitar_steel", "gm_bright_acoustic_piano"],
      lead: ["gm_electric_guitar_clean", "gm_electric_piano_1"], pad: ["gm_drawbar_organ", "gm_string_ensemble_1"], arp: ["gm_electric_guitar_muted"],
    },
  },
  {
    id: "string_chamber", name: "String Chamber", description: "Violin, viola, cello and harp.", usesFilterDefaults: false,
    instruments: {
      bass: ["gm_cello", "gm_contrabass"], chords: ["gm_string_ensemble_1", "gm_pizzicato_strings"],
      lead: ["gm_violin", "gm_viola"], pad: ["gm_string_ensemble_2", "gm_tremolo_strings"], arp: ["gm_pizzicato_strings", "gm_orchestral_harp"],
    },
  },
  {
    id: "synth_a", name: "Synth A", description: "Supersaws, plucks, reese and acid basses.", usesFilterDefaults: false,
    instruments: {
      bass: ["syn_reese_bass", "syn_acid_bass", "gm_synth_bass_1"], chords: ["syn_supersaw_chords", "syn_pluck_keys", "gm_pad_3_polysynth"],
      lead: ["syn_supersaw_lead", "syn_square_lead", "gm_lead_2_sawtooth"], pad: ["syn_warm_pad", "syn_dream_pad"], arp: ["syn_pluck", "syn_fm_bell"],
    },
  },
  {
    id: "synth_w_acou_gtr", name: "Synth with Acoustic Guitar", description: "Strummed guitar under synth bass and leads.", usesFilterDefaults: false,
    instruments: {
      bass: ["gm_synth_bass_2", "syn_square_bass"], chords: ["gm_acoustic_guitar_steel", "gm_acoustic_guitar_nylon"],
      lead: ["syn_square_lead", "gm_lead_1_square", "syn_pluck"], pad: ["syn_warm_pad"], arp: ["syn_pluck"],
    },
  },
  {
    id: "trap_flintstones", name: "Trap Flintstones", description: "808s under music box, marimba and cartoon bells.", usesFilterDefaults: false,
    instruments: {
      bass: ["syn_808_sub", "syn_808_long_glide"], chords: ["gm_music_box", "gm_harpsichord", "gm_pizzicato_strings"],
      lead: ["gm_xylophone", "gm_glockenspiel", "gm_flute"], pad: ["gm_choir_aahs"], arp: ["gm_marimba", "gm_xylophone"],
    },
  },
  {
    id: "wind_chamber", name: "Wind Chamber", description: "Flute, oboe, clarinet, horn and bassoon.", usesFilterDefaults: false,
    instruments: {
      bass: ["gm_bassoon", "gm_tuba"], chords: ["gm_clarinet", "gm_french_horn"],
      lead: ["gm_flute", "gm_oboe", "gm_clarinet"], pad: ["gm_french_horn"], arp: ["gm_piccolo", "gm_flute"],
    },
  },
];
