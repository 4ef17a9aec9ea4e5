// The K-weighting pre-filter of ITU-R BS.1770-4: a high shelf (+4 dB above ~1.7 kHz, the head's acoustic
// effect) followed by the "RLB" high-pass (~38 Hz). The standard gives coefficients for 48 kHz only; these
// are derived from the same analogue prototypes for any sample rate, which reproduces the 48 kHz table.

import { Biquad } from "../dsp/biquad";

const SHELF_HZ = 1681.974450955533;
const SHELF_GAIN_DB = 3.999843853973347;
const SHELF_Q = 0.7071752369554196;
const HIGHPASS_HZ = 38.13547087602444;
const HIGHPASS_Q = 0.5003270373238773;

/** A fresh two-stage K-weighting filter for one channel. */
export function kWeightingFilter(sampleRate: number): Biquad[] {
  const shelf = new Biquad(undefined, sampleRate);
  {
    const k = Math.tan((Math.PI * SHELF_HZ) / sampleRate);
    const vh = Math.pow(10, SHELF_GAIN_DB / 20);
    const vb = Math.pow(vh, 0.4996667741545416);
    const a0 = 1 + k / SHELF_Q + k * k;
    shelf.setCoefficients(
      (vh + (vb * k) / SHELF_Q + k * k) / a0,
      (2 * (k * k - vh)) / a0,
      (vh - (vb * k) / SHELF_Q + k * k) / a0,
      (2 * (k * k - 1)) / a0,
      (1 - k / SHELF_Q + k * k) / a0,
    );
  }
  const highpass = new Biquad(undefined, sampleRate);
  {
    const k = Math.tan((Math.PI * HIGHPASS_HZ) / sampleRate);
    const a0 = 1 + k / HIGHPASS_Q + k * k;
    highpass.setCoefficients(1, -2, 1, (2 * (k * k - 1)) / a0, (1 - k / HIGHPASS_Q + k * k) / a0);
  }
  return [shelf, highpass];
}
