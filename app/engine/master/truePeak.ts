// True-peak level per BS.1770-4 Annex 2: the signal is 4× oversampled with a windowed-sinc interpolator
// and the largest absolute value is the true peak. Interpolating every sample of a 3-minute song costs
// ~1 s, so only neighbourhoods of samples within 6 dB of the sample peak are interpolated: an inter-sample
// peak above the sample peak can only occur next to samples that are already that loud.

import type { Decibels, StereoBuffer } from "../types";
import { gainToDb } from "../dsp/units";

const OVERSAMPLING = 4;
const TAPS_PER_PHASE = 16;
const HALF = TAPS_PER_PHASE / 2;
const CANDIDATE_RATIO = 0.5;

/** Polyphase interpolation kernels for the 3 in-between phases (phase 0 is the sample itself). */
const KERNELS: Float64Array[] = Array.from({ length: OVERSAMPLING - 1 }, (_, p) => {
  const fraction = (p + 1) / OVERSAMPLING;
  const kernel = new Float64Array(TAPS_PER_PHASE);
  for (let k = 0; k < TAPS_PER_PHASE; k++) {
    const x = k - (HALF - 1) - fraction;
    const sinc = x === 0 ? 1 : Math.sin(Math.PI * x) / (Math.PI * x);
    // Blackman window over the kernel span keeps the interpolator's ripple below 0.1 dB.
    const w = 0.42 + 0.5 * Math.cos((Math.PI * x) / (HALF + 1)) + 0.08 * Math.cos((2 * Math.PI * x) / (HALF + 1));
    kernel[k] = sinc * w;
  }
  return kernel;
});

function channelTruePeak(x: Float32Array): number {
  let samplePeak = 0;
  for (let i = 0; i < x.length; i++) samplePeak = Math.max(samplePeak, Math.abs(x[i]));
  const threshold = samplePeak * CANDIDATE_RATIO;
  let peak = samplePeak;
  for (let n = HALF - 1; n < x.length - HALF; n++) {
    if (Math.abs(x[n]) < threshold && Math.abs(x[n + 1]) < threshold) continue;
    for (const kernel of KERNELS) {
      let y = 0;
      for (let k = 0; k < TAPS_PER_PHASE; k++) y += kernel[k] * x[n - (HALF - 1) + k];
      const a = Math.abs(y);
      if (a > peak) peak = a;
    }
  }
  return peak;
}

/** Linear true peak of the louder channel. */
export function truePeak(buffer: StereoBuffer): number {
  return Math.max(channelTruePeak(buffer.left), channelTruePeak(buffer.right));
}

export const truePeakDb = (buffer: StereoBuffer): Decibels => gainToDb(truePeak(buffer));
