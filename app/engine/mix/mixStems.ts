// Mixes the dry stems into one stereo mix: a channel strip per part, reverb and delay sends, kick-keyed
// pumping where the style or filter wants it, then the style's bus chain. Runs in blocks so the only
// full-length buffer it allocates is the mix itself.

import type { Bpm, Gain, PartName, StereoBuffer, Track } from "../types";
import { createStereo } from "../dsp/stereo";
import { dbToGain } from "../dsp/units";
import { integratedLoudness } from "../master/loudness";
import { BusChain } from "./busChain";
import { ChannelStrip, type StripOutputs } from "./channelStrip";
import { PingPongDelay } from "./delay";
import { KickPump, kickSamples } from "./kickPump";
import { mixStyle } from "./mixStyles";
import { PART_MIX } from "./partDefaults";
import { PUMPING_FILTERS } from "./pumpingFilters";
import { Reverb } from "./reverb";

const BLOCK = 4096;
/** Stem gain staging never moves a stem by more than this. */
const MAX_STAGING_DB = 30;

export interface MixOptions {
  mix: string;
  filter: string;
  tempoBpm: Bpm;
  intensity: number;
  levels: Partial<Record<PartName, Gain>>;
  seed: number;
}

export function mixStems(stems: Partial<Record<PartName, StereoBuffer>>, tracks: Track[], options: MixOptions): StereoBuffer {
  const style = mixStyle(options.mix);
  const present = Object.entries(stems) as [PartName, StereoBuffer][];
  const length = Math.max(0, ...present.map(([, stem]) => stem.left.length));
  const mix = createStereo(length);
  const pumpDepth = Math.min(0.85, Math.max(style.pumpDepth, PUMPING_FILTERS[options.filter] ?? 0));
  const kicks = kickSamples(tracks);
  // Effects are linear, so return levels are folded into the sends.
  const reverbReturn = dbToGain(style.reverbReturnDb);
  const delayReturn = dbToGain(style.delay.returnDb);

  const strips = present.flatMap(([part, stem]) => {
    const settings = PART_MIX[part];
    const stemLufs = integratedLoudness(stem);
    const level = options.levels[part] ?? 1;
    if (!Number.isFinite(stemLufs) || level <= 0) return [];
    const stagingDb = Math.max(-MAX_STAGING_DB, Math.min(MAX_STAGING_DB, settings.targetLufs - stemLufs));
    const pump = settings.pumps && pumpDepth > 0 && kicks.length > 0 ? new KickPump(kicks, pumpDepth, options.tempoBpm) : null;
    return [new ChannelStrip(stem, dbToGain(stagingDb) * level, settings, settings.reverbSend * reverbReturn, settings.delaySend * delayReturn, pump, BLOCK)];
  });

  const reverb = new Reverb(style.reverb);
  const delay = new PingPongDelay({ tempoBpm: options.tempoBpm, beats: style.delay.beats, feedback: style.delay.feedback });
  const bus = new BusChain(style, options.intensity, options.seed);
  const outputs: StripOutputs = {
    bus: mix,
    reverbLeft: new Float32Array(BLOCK),
    reverbRight: new Float32Array(BLOCK),
    delayLeft: new Float32Array(BLOCK),
    delayRight: new Float32Array(BLOCK),
  };
  const wetLeft = new Float32Array(BLOCK);
  const wetRight = new Float32Array(BLOCK);

  for (let start = 0; start < length; start += BLOCK) {
    const count = Math.min(BLOCK, length - start);
    for (const buffer of [outputs.reverbLeft, outputs.reverbRight, outputs.delayLeft, outputs.delayRight, wetLeft, wetRight]) buffer.fill(0);
    for (const strip of strips) strip.process(start, count, outputs);
    reverb.process(outputs.reverbLeft, outputs.reverbRight, wetLeft, wetRight, 0, count);
    delay.process(outputs.delayLeft, outputs.delayRight, wetLeft, wetRight, 0, count);
    for (let n = 0; n < count; n++) {
      mix.left[start + n] += wetLeft[n];
      mix.right[start + n] += wetRight[n];
    }
    bus.process(mix, start, count);
  }
  return mix;
}
