// Shaker: band-passed noise around 6 kHz with a soft 12 ms attack (the beads travel before they hit).

import { SAMPLE_RATE } from "../../types";
import { Biquad } from "../../dsp/biquad";
import { Random } from "../../dsp/random";
import type { DrumVoice } from "../voice";
import { velocityGain } from "../voices/envelope";

export const shaker: DrumVoice = {
  render(startSample, velocity, _pitch, seed, target) {
    const random = new Random(seed);
    const attackSamples = 0.012 * SAMPLE_RATE;
    const length = Math.min(Math.round(0.1 * SAMPLE_RATE), target.left.length - startSample);
    const filter = new Biquad({ shape: "bandpass", frequencyHz: 6000, q: 1.2 });
    const gain = 0.55 * velocityGain(velocity);
    for (let n = 0; n < length; n++) {
      const envelope = n < attackSamples ? n / attackSamples : Math.exp(-(n - attackSamples) / (0.025 * SAMPLE_RATE));
      const v = filter.tick(random.bipolar()) * envelope * gain;
      target.left[startSample + n] += v;
      target.right[startSample + n] += v;
    }
  },
};
