// 909-style snare: two detuned tone oscillators (the drum shell) under high-passed noise (the wires),
// each with its own decay.

import { SAMPLE_RATE } from "../../types";
import { Biquad } from "../../dsp/biquad";
import { Random } from "../../dsp/random";
import type { DrumVoice } from "../voice";
import { velocityGain } from "../voices/envelope";

export const snare909: DrumVoice = {
  render(startSample, velocity, _pitch, seed, target) {
    const random = new Random(seed);
    const length = Math.min(Math.round(0.35 * SAMPLE_RATE), target.left.length - startSample);
    const wires = new Biquad({ shape: "highpass", frequencyHz: 1800, q: 0.7 });
    const gain = 0.6 * velocityGain(velocity);
    const toneDecay = Math.exp(-1 / (0.05 * SAMPLE_RATE));
    const noiseDecay = Math.exp(-1 / (0.09 * SAMPLE_RATE));
    let tone = 1, noise = 1;
    for (let n = 0; n < length; n++) {
      const t = n / SAMPLE_RATE;
      const shell = 0.6 * Math.sin(2 * Math.PI * 185 * t) + 0.4 * Math.sin(2 * Math.PI * 330 * t);
      const v = (shell * tone * 0.7 + wires.tick(random.bipolar()) * noise) * gain;
      tone *= toneDecay;
      noise *= noiseDecay;
      target.left[startSample + n] += v;
      target.right[startSample + n] += v;
    }
  },
};
