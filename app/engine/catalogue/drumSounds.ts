// The drum-sound database: every useful GM drum-map note on the seven SoundFont drum kits (bank 128), plus
// the engine's synth drum voices. Catalogue kits (drumKits.ts) choose among these per drum kind.
import type { DrumKind, DrumSound, Midi } from "../types";

/** SoundFont drum programs (bank 128) and the id prefix of their sounds. */
const SOUNDFONT_DRUM_KITS: [prefix: string, name: string, program: number][] = [
  ["standard", "Standard", 0],
  ["room", "Room", 8],
  ["power", "Power", 16],
  ["electronic", "Electronic", 24],
  ["tr808", "TR-808", 25],
  ["jazz", "Jazz", 32],
  ["brush", "Brush", 40],
];

/** GM drum-map notes per kind: [id suffix, name, note]. */
const GM_DRUM_NOTES: [suffix: string, name: string, kind: DrumKind, note: Midi][] = [
  ["kick", "Kick", "kick", 36],
  ["deep_kick", "Deep Kick", "kick", 35],
  ["snare", "Snare", "snare", 38],
  ["snare_2", "Snare 2", "snare", 40],
  ["clap", "Clap", "snare", 39],
  ["cross_stick", "Cross Stick", "snare", 37],
  ["closed_hat", "Closed Hat", "closed_hat", 42],
  ["pedal_hat", "Pedal Hat", "closed_hat", 44],
  ["open_hat", "Open Hat", "open_hat", 46],
  ["side_stick", "Side Stick", "auxiliary", 37],
  ["maracas", "Maracas", "auxiliary", 70],
  ["cabasa", "Cabasa", "auxiliary", 69],
  ["tambourine", "Tambourine", "auxiliary", 54],
  ["cowbell", "Cowbell", "auxiliary", 56],
  ["open_conga", "Open Conga", "auxiliary", 63],
  ["low_conga", "Low Conga", "auxiliary", 64],
  ["claves", "Claves", "auxiliary", 75],
  ["crash", "Crash", "auxiliary", 49],
  ["ride", "Ride", "auxiliary", 51],
];

const SYNTH_DRUMS: DrumSound[] = [
  { id: "synth_kick808", name: "Synth 808 Kick", kind: "kick", kit: "synth", source: { kind: "synth", voice: "kick808" } },
  { id: "synth_snare909", name: "Synth 909 Snare", kind: "snare", kit: "synth", source: { kind: "synth", voice: "snare909" } },
  { id: "synth_clap", name: "Synth Clap", kind: "snare", kit: "synth", source: { kind: "synth", voice: "clap" } },
  { id: "synth_closed_hat", name: "Synth Closed Hat", kind: "closed_hat", kit: "synth", source: { kind: "synth", voice: "hat" } },
  { id: "synth_open_hat", name: "Synth Open Hat", kind: "open_hat", kit: "synth", source: { kind: "synth", voice: "hat" } },
  { id: "synth_rim", name: "Synth Rim", kind: "auxiliary", kit: "synth", source: { kind: "synth", voice: "rim" } },
  { id: "synth_shaker", name: "Synth Shaker", kind: "auxiliary", kit: "synth", source: { kind: "synth", voice: "shaker" } },
];

export const DRUM_SOUNDS: readonly DrumSound[] = [
  ...SOUNDFONT_DRUM_KITS.flatMap(([prefix, kitName, program]) =>
    GM_DRUM_NOTES.map(([suffix, name, kind, note]): DrumSound => ({
      id: `${prefix}_${suffix}`,
      name: `${kitName} ${name}`,
      kind,
      kit: prefix,
      source: { kind: "soundfont", bank: 128, program, note },
    })),
  ),
  ...SYNTH_DRUMS,
];

/** GM notes the composer writes for cymbal accents; they keep their own note whatever auxiliary sound is chosen. */
export const CYMBAL_NOTES: readonly Midi[] = [49, 51, 55, 57];
export const CRASH_NOTE: Midi = 49;
