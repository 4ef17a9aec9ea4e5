// Hi-hat: six square "metal" partials (the 808 recipe) plus noise, high-passed. The GM pitch chooses
// closed (42, 44) or open (46) by decay length.

import { SAMPLE_RATE } from "../../types";
import { Biquad } from "../../dsp/biquad";
import { Random } from "../../dsp/random";
import type { DrumVoice } from "../voice";
import { velocityGain } from "../voices/envelope";

const PARTIALS_HZ = [205, 304, 369, 522, 540, 800];
const OPEN_HAT_PITCH = 46;

export const hat: DrumVoice = {
  render(startSample, velocity, pitch, seed, target) {
    const random = new Random(seed);
    const decaySeconds = pitch === OPEN_HAT_PITCH ? 0.22 : 0.035;
    const length = Math.min(Math.round(decaySeconds * 6 * SAMPLE_RATE), target.left.length - startSample);
    const highpass = new Biquad({ shape: "highpass", frequencyHz: 7000, q: 0.8 });
    const gain = 0.35 * velocityGain(velocity);
    const decay = Math.exp(-1 / (decaySeconds * SAMPLE_RATE));
    let envelope = 1;
    for (let n = 0; n < length; n++) {
      let metal = 0;
      for (const hz of PARTIALS_HZ) metal += ((hz * n) / SAMPLE_RATE) % 1 < 0.5 ? 1 : -1;
      const v = highpass.tick(metal * 0.12 + random.bipolar() * 0.5) * envelope * gain;
      envelope *= decay;
      target.left[startSample + n] += v;
      target.right[startSample + n] += v;
    }
  },
};
