// The instrument database: the 128 General MIDI SoundFont presets (bank 0) plus the engine's synth voices.
// GM families give each preset its group (the picker's tab), type and default roles.
import type { Instrument, PitchedPart, SynthVoiceId } from "../types";

interface GmFamily {
  group: string;
  type: string;
  roles: PitchedPart[];
}

/** The 16 GM families, 8 programs each, in program order. */
const GM_FAMILIES: GmFamily[] = [
  { group: "keys", type: "piano", roles: ["chords", "lead", "arp"] },
  { group: "keys", type: "chromatic_percussion", roles: ["lead", "arp", "chords"] },
  { group: "keys", type: "organ", roles: ["chords", "pad", "lead"] },
  { group: "guitar", type: "guitar", roles: ["chords", "lead", "arp"] },
  { group: "bass", type: "bass", roles: ["bass"] },
  { group: "strings", type: "strings", roles: ["lead", "pad"] },
  { group: "strings", type: "ensemble", roles: ["pad", "chords"] },
  { group: "brass", type: "brass", roles: ["lead", "chords"] },
  { group: "woodwind", type: "reed", roles: ["lead"] },
  { group: "woodwind", type: "pipe", roles: ["lead", "arp"] },
  { group: "synth", type: "synth_lead", roles: ["lead", "arp"] },
  { group: "synth", type: "synth_pad", roles: ["pad", "chords"] },
  { group: "synth", type: "synth_fx", roles: ["pad", "arp"] },
  { group: "world", type: "ethnic", roles: ["lead", "arp"] },
  { group: "percussion", type: "percussive", roles: ["arp"] },
  { group: "fx", type: "sound_effects", roles: [] },
];

/** [GM name, subtype, roles when they differ from the family's]. Index = program number. */
const GM_PRESETS: [string, string, PitchedPart[]?][] = [
  ["Acoustic Grand Piano", "acoustic"], ["Bright Acoustic Piano", "acoustic"], ["Electric Grand Piano", "electric"],
  ["Honky-tonk Piano", "acoustic"], ["Electric Piano 1", "electric"], ["Electric Piano 2", "electric"],
  ["Harpsichord", "baroque"], ["Clavinet", "electric"],
  ["Celesta", "bell"], ["Glockenspiel", "bell"], ["Music Box", "bell"], ["Vibraphone", "mallet"],
  ["Marimba", "mallet"], ["Xylophone", "mallet"], ["Tubular Bells", "bell", ["lead", "pad"]], ["Dulcimer", "plucked"],
  ["Drawbar Organ", "electric"], ["Percussive Organ", "electric"], ["Rock Organ", "electric"], ["Church Organ", "pipe"],
  ["Reed Organ", "reed"], ["Accordion", "reed", ["chords", "lead"]], ["Harmonica", "reed", ["lead"]],
  ["Tango Accordion", "reed", ["chords", "lead"]],
  ["Acoustic Guitar (nylon)", "acoustic"], ["Acoustic Guitar (steel)", "acoustic"], ["Electric Guitar (jazz)", "electric"],
  ["Electric Guitar (clean)", "electric"], ["Electric Guitar (muted)", "electric", ["chords", "arp", "bass"]],
  ["Overdriven Guitar", "distorted"], ["Distortion Guitar", "distorted"], ["Guitar Harmonics", "electric", ["arp"]],
  ["Acoustic Bass", "acoustic"], ["Electric Bass (finger)", "electric"], ["Electric Bass (pick)", "electric"],
  ["Fretless Bass", "electric"], ["Slap Bass 1", "electric"], ["Slap Bass 2", "electric"], ["Synth Bass 1", "synth"],
  ["Synth Bass 2", "synth"],
  ["Violin", "bowed"], ["Viola", "bowed"], ["Cello", "bowed", ["lead", "bass", "pad"]], ["Contrabass", "bowed", ["bass"]],
  ["Tremolo Strings", "bowed", ["pad", "chords"]], ["Pizzicato Strings", "plucked", ["arp", "chords", "bass"]],
  ["Orchestral Harp", "plucked", ["arp", "chords"]], ["Timpani", "percussion", ["bass"]],
  ["String Ensemble 1", "orchestral"], ["String Ensemble 2", "orchestral"], ["Synth Strings 1", "synth"],
  ["Synth Strings 2", "synth"], ["Choir Aahs", "voice"], ["Voice Oohs", "voice"], ["Synth Voice", "voice"],
  ["Orchestra Hit", "orchestral", ["chords"]],
  ["Trumpet", "solo"], ["Trombone", "solo"], ["Tuba", "solo", ["bass"]], ["Muted Trumpet", "solo", ["lead"]],
  ["French Horn", "solo", ["lead", "pad"]], ["Brass Section", "section", ["chords", "pad"]],
  ["Synth Brass 1", "synth", ["chords", "lead"]], ["Synth Brass 2", "synth", ["chords", "pad"]],
  ["Soprano Sax", "saxophone"], ["Alto Sax", "saxophone"], ["Tenor Sax", "saxophone"], ["Baritone Sax", "saxophone", ["lead", "bass"]],
  ["Oboe", "double_reed"], ["English Horn", "double_reed"], ["Bassoon", "double_reed", ["lead", "bass"]], ["Clarinet", "single_reed"],
  ["Piccolo", "flute"], ["Flute", "flute"], ["Recorder", "flute"], ["Pan Flute", "flute"], ["Blown Bottle", "flute"],
  ["Shakuhachi", "flute", ["lead"]], ["Whistle", "flute", ["lead"]], ["Ocarina", "flute"],
  ["Lead 1 (square)", "square"], ["Lead 2 (sawtooth)", "saw"], ["Lead 3 (calliope)", "calliope"], ["Lead 4 (chiff)", "chiff"],
  ["Lead 5 (charang)", "charang"], ["Lead 6 (voice)", "voice"], ["Lead 7 (fifths)", "fifths"],
  ["Lead 8 (bass + lead)", "bass_lead", ["bass", "lead"]],
  ["Pad 1 (new age)", "new_age"], ["Pad 2 (warm)", "warm"], ["Pad 3 (polysynth)", "polysynth"], ["Pad 4 (choir)", "choir"],
  ["Pad 5 (bowed)", "bowed"], ["Pad 6 (metallic)", "metallic"], ["Pad 7 (halo)", "halo"], ["Pad 8 (sweep)", "sweep"],
  ["FX 1 (rain)", "rain"], ["FX 2 (soundtrack)", "soundtrack"], ["FX 3 (crystal)", "crystal"], ["FX 4 (atmosphere)", "atmosphere"],
  ["FX 5 (brightness)", "brightness"], ["FX 6 (goblins)", "goblins"], ["FX 7 (echoes)", "echoes"], ["FX 8 (sci-fi)", "sci_fi"],
  ["Sitar", "plucked"], ["Banjo", "plucked", ["chords", "arp"]], ["Shamisen", "plucked"], ["Koto", "plucked"],
  ["Kalimba", "plucked"], ["Bagpipe", "reed", ["lead"]], ["Fiddle", "bowed", ["lead"]], ["Shanai", "reed", ["lead"]],
  ["Tinkle Bell", "bell"], ["Agogo", "bell"], ["Steel Drums", "pitched_drum", ["lead", "arp"]], ["Woodblock", "wood"],
  ["Taiko Drum", "drum"], ["Melodic Tom", "drum"], ["Synth Drum", "drum", ["arp", "bass"]], ["Reverse Cymbal", "cymbal", ["pad"]],
  ["Guitar Fret Noise", "noise"], ["Breath Noise", "noise"], ["Seashore", "nature"], ["Bird Tweet", "nature"],
  ["Telephone Ring", "machine"], ["Helicopter", "machine"], ["Applause", "crowd"], ["Gunshot", "impact"],
];

/** Synth voices rendered by the engine itself; variants name the same voice for a different role. */
const SYNTH_INSTRUMENTS: [id: string, name: string, voice: SynthVoiceId, type: string, subtype: string, roles: PitchedPart[]][] = [
  ["syn_808_sub", "808 Sub", "sub808", "synth_bass", "808", ["bass"]],
  ["syn_808_long_glide", "808 Long Glide", "sub808", "synth_bass", "808", ["bass"]],
  ["syn_808_boom", "808 Boom", "sub808", "synth_bass", "808", ["bass"]],
  ["syn_supersaw_lead", "Supersaw Lead", "supersaw", "synth_lead", "saw", ["lead"]],
  ["syn_supersaw_chords", "Supersaw Chords", "supersaw", "synth_chords", "saw", ["chords"]],
  ["syn_trance_stack", "Trance Stack", "supersaw", "synth_chords", "saw", ["chords", "pad"]],
  ["syn_pluck", "Pluck", "pluck", "synth_pluck", "pluck", ["arp", "lead"]],
  ["syn_pluck_keys", "Pluck Keys", "pluck", "synth_pluck", "pluck", ["chords"]],
  ["syn_mallet_pluck", "Mallet Pluck", "pluck", "synth_pluck", "pluck", ["arp"]],
  ["syn_warm_pad", "Warm Pad", "warm_pad", "synth_pad", "analog", ["pad"]],
  ["syn_analog_strings", "Analog Strings", "warm_pad", "synth_pad", "analog", ["pad", "chords"]],
  ["syn_dream_pad", "Dream Pad", "warm_pad", "synth_pad", "analog", ["pad"]],
  ["syn_acid_bass", "Acid Bass", "acid_bass", "synth_bass", "acid", ["bass"]],
  ["syn_acid_lead", "Acid Lead", "acid_bass", "synth_lead", "acid", ["lead"]],
  ["syn_square_lead", "Square Lead", "square_lead", "synth_lead", "square", ["lead"]],
  ["syn_chip_lead", "Chip Lead", "square_lead", "synth_lead", "square", ["lead", "arp"]],
  ["syn_square_bass", "Square Bass", "square_lead", "synth_bass", "square", ["bass"]],
  ["syn_fm_bell", "FM Bell", "fm_bell", "synth_bell", "fm", ["arp", "lead"]],
  ["syn_fm_keys", "FM Electric Keys", "fm_bell", "synth_bell", "fm", ["chords"]],
  ["syn_reese_bass", "Reese Bass", "reese_bass", "synth_bass", "reese", ["bass"]],
  ["syn_wobble_reese", "Wobble Reese", "reese_bass", "synth_bass", "reese", ["bass"]],
  ["syn_analog_brass", "Analog Brass", "analog_brass", "synth_brass", "analog", ["chords", "lead"]],
  ["syn_horn_stabs", "Synth Horn Stabs", "analog_brass", "synth_brass", "analog", ["chords"]],
  ["syn_noise_sweep", "Noise Sweep", "noise_sweep", "synth_fx", "noise", ["pad"]],
];

/** "Acoustic Guitar (nylon)" -> "gm_acoustic_guitar_nylon". */
function gmId(name: string): string {
  return `gm_${name.toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_|_$/g, "")}`;
}

export const INSTRUMENTS: readonly Instrument[] = [
  ...GM_PRESETS.map(([name, subtype, roles], program): Instrument => {
    const family = GM_FAMILIES[Math.floor(program / 8)];
    return {
      id: gmId(name),
      name,
      group: family.group,
      type: family.type,
      subtype,
      roles: roles ?? family.roles,
      source: { kind: "soundfont", bank: 0, program },
    };
  }),
  ...SYNTH_INSTRUMENTS.map(([id, name, voice, type, subtype, roles]): Instrument => ({
    id,
    name,
    group: "synth",
    type,
    subtype,
    roles,
    source: { kind: "synth", voice },
  })),
];
