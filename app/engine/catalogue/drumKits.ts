// The seven drum kits of the production page. Each maps every drum kind to candidate sounds (drumSounds.ts);
// one is picked per song from the production seed. whole_db_drums means "the filter's own kit".
import type { DrumKit } from "./types";

export const DRUM_KITS: readonly DrumKit[] = [
  {
    id: "whole_db_drums",
    name: "Style default",
    description: "The drums the style and filter were designed with.",
    usesFilterDefaults: true,
    sounds: {},
  },
  {
    id: "acoustickit",
    name: "Acoustic Kit",
    description: "A live studio kit recorded in a room.",
    usesFilterDefaults: false,
    sounds: {
      kick: ["standard_kick", "room_kick", "standard_deep_kick"],
      snare: ["standard_snare", "room_snare"],
      closed_hat: ["standard_closed_hat", "room_closed_hat"],
      open_hat: ["standard_open_hat", "room_open_hat"],
      auxiliary: ["standard_tambourine", "standard_ride", "room_side_stick"],
    },
  },
  {
    id: "dusty",
    name: "Dusty",
    description: "Soft jazz and brush kits for lo-fi and boom bap.",
    usesFilterDefaults: false,
    sounds: {
      kick: ["jazz_kick", "brush_kick"],
      snare: ["brush_snare", "jazz_snare", "jazz_cross_stick"],
      closed_hat: ["jazz_closed_hat", "brush_closed_hat"],
      open_hat: ["jazz_open_hat", "brush_open_hat"],
      auxiliary: ["brush_side_stick", "jazz_maracas", "jazz_tambourine"],
    },
  },
  {
    id: "edm",
    name: "EDM",
    description: "Punchy electronic kick, claps and crisp hats for the club.",
    usesFilterDefaults: false,
    sounds: {
      kick: ["electronic_kick", "power_kick"],
      snare: ["synth_clap", "electronic_clap", "synth_snare909"],
      closed_hat: ["synth_closed_hat", "electronic_closed_hat"],
      open_hat: ["synth_open_hat", "electronic_open_hat"],
      auxiliary: ["synth_shaker", "electronic_cabasa", "electronic_tambourine"],
    },
  },
  {
    id: "experimental",
    name: "Experimental",
    description: "Odd pairings of power, electronic and synth drums.",
    usesFilterDefaults: false,
    sounds: {
      kick: ["power_kick", "synth_kick808", "electronic_deep_kick"],
      snare: ["power_snare_2", "synth_snare909", "synth_clap"],
      closed_hat: ["tr808_closed_hat", "synth_closed_hat"],
      open_hat: ["power_open_hat", "synth_open_hat"],
      auxiliary: ["synth_rim", "tr808_cowbell", "power_claves"],
    },
  },
  {
    id: "trap_808",
    name: "Trap 808",
    description: "Booming 808 kick, snappy claps and tight hats.",
    usesFilterDefaults: false,
    sounds: {
      kick: ["synth_kick808", "tr808_kick"],
      snare: ["tr808_clap", "synth_clap", "synth_snare909"],
      closed_hat: ["tr808_closed_hat", "synth_closed_hat"],
      open_hat: ["tr808_open_hat", "synth_open_hat"],
      auxiliary: ["tr808_cowbell", "synth_rim", "tr808_claves"],
    },
  },
  {
    id: "vintage_electronic",
    name: "Vintage Electronic",
    description: "Classic drum machines of the eighties.",
    usesFilterDefaults: false,
    sounds: {
      kick: ["tr808_kick", "electronic_kick"],
      snare: ["tr808_snare", "electronic_snare_2"],
      closed_hat: ["tr808_closed_hat", "electronic_closed_hat"],
      open_hat: ["tr808_open_hat", "electronic_open_hat"],
      auxiliary: ["tr808_cowbell", "tr808_claves", "electronic_maracas"],
    },
  },
];
