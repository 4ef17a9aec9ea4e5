// What plays a sound and how it answers velocity, for `npm run bench:instruments` and the engine tests: a
// recorded sample set (its layers), a General MIDI preset (its distinct recordings across velocity, and
// whether the engine shapes its timbre by velocity), or a synth voice.

import type { DrumSound, Instrument, Midi } from "../types";
import { sampleSetFor } from "./sampler/sampleSets";
import { loadSoundBank } from "./soundBank";
import { DRUM_ROUND_ROBINS, drumTimbre, pitchedTimbre } from "./velocityTimbre";

export interface SoundDescription {
  kind: string;
  /** Distinct recordings across velocity 1..127 at the note asked about ("continuous" for synth voices). */
  layers: number | string;
  sampleRate: number | string;
  /** Distinct strikes repeated hits cycle through (drums). */
  roundRobins: number;
}

export function describeSound(source: Instrument["source"] | DrumSound["source"], pitch: Midi): SoundDescription {
  const drum = "note" in source || source.kind === "synth" && ["kick808", "snare909", "clap", "hat", "rim", "shaker"].includes(source.voice);
  if (source.kind === "synth") return { kind: drum && drumTimbre(pitch) ? "synth voice, velocity timbre" : "synth voice", layers: "continuous", sampleRate: "—", roundRobins: drum ? DRUM_ROUND_ROBINS : 1 };
  if (!("note" in source)) {
    const set = sampleSetFor(source.bank, source.program);
    if (set) return { kind: `sample set ${set.name}`, layers: set.layers, sampleRate: 48000, roundRobins: 1 };
  }
  const bank = loadSoundBank();
  const isDrum = "note" in source;
  const preset = bank.presets.find((p) => (isDrum ? p.isGMGSDrum || p.bankMSB === 128 : p.bankMSB === source.bank) && p.program === source.program);
  if (!preset) return { kind: "soundfont (missing)", layers: 0, sampleRate: 0, roundRobins: 1 };
  const key = isDrum ? source.note : pitch;
  const sets = new Set<string>();
  const rates = new Set<number>();
  for (let velocity = 1; velocity <= 127; velocity++) {
    const voices = preset.getVoiceParameters(key, velocity);
    sets.add(voices.map((voice) => voice.sample.name).sort().join("+"));
    for (const voice of voices) rates.add(voice.sample.sampleRate);
  }
  const shaped = isDrum ? drumTimbre(source.note) !== null : pitchedTimbre(source.bank, source.program) !== null;
  return { kind: `soundfont ${preset.name}${shaped ? ", velocity timbre" : ""}`, layers: sets.size, sampleRate: [...rates].join("/"), roundRobins: isDrum ? DRUM_ROUND_ROBINS : 1 };
}
