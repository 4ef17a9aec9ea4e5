// 808-style kick: a sine swept from ~150 Hz down to ~48 Hz in the first 60 ms, a long-ish body decay and a
// short click so it is audible on laptop speakers.

import { SAMPLE_RATE } from "../../types";
import { Random } from "../../dsp/random";
import type { DrumVoice } from "../voice";
import { velocityGain } from "../voices/envelope";

const BODY_SECONDS = 0.45;

export const kick808: DrumVoice = {
  render(startSample, velocity, _pitch, seed, target) {
    const random = new Random(seed);
    const length = Math.min(Math.round(BODY_SECONDS * 2.5 * SAMPLE_RATE), target.left.length - startSample);
    const gain = 0.9 * velocityGain(velocity);
    const sweepDecay = Math.exp(-1 / (0.03 * SAMPLE_RATE));
    const bodyDecay = Math.exp(-1 / (BODY_SECONDS * SAMPLE_RATE / 2));
    const clickDecay = Math.exp(-1 / (0.002 * SAMPLE_RATE));
    let sweep = 1, body = 1, click = 0.5, phase = 0;
    for (let n = 0; n < length; n++) {
      const hz = 48 + 110 * sweep;
      sweep *= sweepDecay;
      phase += hz / SAMPLE_RATE;
      const v = (Math.sin(2 * Math.PI * phase) * body + random.bipolar() * click) * gain;
      body *= bodyDecay;
      click *= clickDecay;
      target.left[startSample + n] += v;
      target.right[startSample + n] += v;
    }
  },
};
