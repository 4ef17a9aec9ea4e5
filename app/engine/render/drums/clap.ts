// Hand clap: band-passed noise struck three times ~10 ms apart (several hands), then a longer diffuse tail.

import { SAMPLE_RATE } from "../../types";
import { Biquad } from "../../dsp/biquad";
import { Random } from "../../dsp/random";
import type { DrumVoice } from "../voice";
import { velocityGain } from "../voices/envelope";

const BURST_OFFSETS_SECONDS = [0, 0.011, 0.023];

export const clap: DrumVoice = {
  render(startSample, velocity, _pitch, seed, target) {
    const random = new Random(seed);
    const length = Math.min(Math.round(0.3 * SAMPLE_RATE), target.left.length - startSample);
    const filter = new Biquad({ shape: "bandpass", frequencyHz: 1150, q: 1.4 });
    const gain = 1.1 * velocityGain(velocity);
    const tailStart = BURST_OFFSETS_SECONDS[BURST_OFFSETS_SECONDS.length - 1] * SAMPLE_RATE;
    for (let n = 0; n < length; n++) {
      let envelope = 0;
      for (const offset of BURST_OFFSETS_SECONDS) {
        const since = n - offset * SAMPLE_RATE;
        if (since >= 0) envelope = Math.max(envelope, Math.exp(-since / (0.004 * SAMPLE_RATE)));
      }
      if (n >= tailStart) envelope = Math.max(envelope, 0.6 * Math.exp(-(n - tailStart) / (0.07 * SAMPLE_RATE)));
      const v = filter.tick(random.bipolar()) * envelope * gain;
      target.left[startSample + n] += v;
      target.right[startSample + n] += v;
    }
  },
};
