// Rim shot / side stick: a very short resonant knock around 1.7 kHz with a lower 480 Hz body.

import { SAMPLE_RATE } from "../../types";
import type { DrumVoice } from "../voice";
import { velocityGain } from "../voices/envelope";

export const rim: DrumVoice = {
  render(startSample, velocity, _pitch, _seed, target) {
    const length = Math.min(Math.round(0.06 * SAMPLE_RATE), target.left.length - startSample);
    const gain = 0.5 * velocityGain(velocity);
    const decay = Math.exp(-1 / (0.008 * SAMPLE_RATE));
    let envelope = 1;
    for (let n = 0; n < length; n++) {
      const t = n / SAMPLE_RATE;
      const v = (Math.sin(2 * Math.PI * 1700 * t) + 0.6 * Math.sin(2 * Math.PI * 480 * t)) * envelope * gain;
      envelope *= decay;
      target.left[startSample + n] += v;
      target.right[startSample + n] += v;
    }
  },
};
