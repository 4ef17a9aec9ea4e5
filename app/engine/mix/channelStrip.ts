// One part's channel strip: gain staging, high-pass and EQ, compression, width and pan, kick-keyed pumping,
// then the dry signal into the mix bus and mono sends to the reverb and delay (both effects sum their
// input to mono anyway, so mono sends halve the memory). Runs over the whole stem in blocks with
// scratch buffers allocated once; the per-block loop allocates nothing.

import type { Gain, StereoBuffer } from "../types";
import { Biquad } from "../dsp/biquad";
import { Compressor } from "../dsp/compressor";
import type { KickPump } from "./kickPump";
import type { PartMix } from "./partDefaults";

const BLOCK = 4096;

export interface StripTargets {
  bus: StereoBuffer;
  reverbSend: Float32Array;
  delaySend: Float32Array;
}

export interface StripSettings {
  part: PartMix;
  gain: Gain;
  reverbSend: Gain;
  delaySend: Gain;
  pump: KickPump | null;
}

function isSilent(left: Float32Array, right: Float32Array, start: number, count: number): boolean {
  for (let i = start, end = start + count; i < end; i++) if (left[i] !== 0 || right[i] !== 0) return false;
  return true;
}

export function runChannelStrip(stem: StereoBuffer, settings: StripSettings, targets: StripTargets): void {
  const { part, gain, pump } = settings;
  const left = new Float32Array(BLOCK);
  const right = new Float32Array(BLOCK);
  const pumpGain = new Float32Array(BLOCK).fill(1);
  // Per channel: the high-pass, then the corrective EQ bands.
  const filters = [0, 1].map(() => [{ shape: "highpass" as const, frequencyHz: part.highpassHz, q: 0.707 }, ...part.eq].map((settings) => new Biquad(settings)));
  const compressor = new Compressor({
    thresholdDb: part.targetLufs + part.compressorThresholdLu,
    ratio: part.compressorRatio,
    attackSeconds: 0.008,
    releaseSeconds: 0.15,
  });
  // Constant-power pan law, normalised so a centred part passes at unity.
  const angle = ((part.pan + 1) * Math.PI) / 4;
  const panLeft = Math.cos(angle) * Math.SQRT2;
  const panRight = Math.sin(angle) * Math.SQRT2;
  const { reverbSend, delaySend } = targets;
  const busLeft = targets.bus.left, busRight = targets.bus.right, stemLeft = stem.left, stemRight = stem.right;
  const width = part.width, reverbGain = settings.reverbSend, delayGain = settings.delaySend;
  const length = Math.min(stemLeft.length, busLeft.length);

  for (let start = 0; start < length; start += BLOCK) {
    const count = Math.min(BLOCK, length - start);
    // Parts are silent for whole sections; a silent block into filters at rest adds nothing.
    if (isSilent(stemLeft, stemRight, start, count) && filters.every((chain) => chain.every((f) => f.isAtRest()))) {
      compressor.rest(count);
      continue;
    }
    for (let n = 0; n < count; n++) {
      left[n] = stemLeft[start + n] * gain;
      right[n] = stemRight[start + n] * gain;
    }
    for (const filter of filters[0]) filter.process(left, 0, count);
    for (const filter of filters[1]) filter.process(right, 0, count);
    compressor.process(left, right, 0, count);
    if (pump) pump.fill(pumpGain, start, count);
    for (let n = 0; n < count; n++) {
      const mid = 0.5 * (left[n] + right[n]) * pumpGain[n];
      const side = 0.5 * (left[n] - right[n]) * width * pumpGain[n];
      const l = (mid + side) * panLeft;
      const r = (mid - side) * panRight;
      const i = start + n;
      busLeft[i] += l;
      busRight[i] += r;
      reverbSend[i] += mid * reverbGain;
      delaySend[i] += mid * delayGain;
    }
  }
}
