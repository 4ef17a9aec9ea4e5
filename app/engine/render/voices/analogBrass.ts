// Synth brass (the 80s "jump" stab): detuned saws whose low-pass swells open over the first 100 ms,
// which is what makes the ear hear a brass attack rather than a pad.

import { SAMPLE_RATE } from "../../types";
import { Biquad } from "../../dsp/biquad";
import { midiToHz } from "../../dsp/units";
import type { SynthVoice, VoiceNote } from "../voice";
import { Adsr, velocityGain } from "./envelope";
import { sawAt } from "./oscillators";

const FILTER_UPDATE_SAMPLES = 32;

export const analogBrass: SynthVoice = {
  releaseSeconds: 0.2,
  monophonic: false,
  render(note: VoiceNote, target) {
    const env = new Adsr({ attackSeconds: 0.03, decaySeconds: 0.5, sustainLevel: 0.8, releaseSeconds: this.releaseSeconds }, note.gateSamples);
    const hz = midiToHz(note.pitch);
    const da = (hz * Math.pow(2, -6 / 1200)) / SAMPLE_RATE;
    const db = (hz * Math.pow(2, 6 / 1200)) / SAMPLE_RATE;
    const filter = new Biquad();
    const swellSamples = 0.1 * SAMPLE_RATE;
    const peakCutoffHz = 1800 + 3500 * (note.velocity / 127);
    const gain = 0.2 * velocityGain(note.velocity);
    const length = Math.min(env.lengthSamples(), target.left.length - note.startSample);
    let pa = 0, pb = 0.5;
    for (let n = 0; n < length; n++) {
      if (n % FILTER_UPDATE_SAMPLES === 0) {
        const swell = n < swellSamples ? n / swellSamples : Math.max(0.6, 1 - (n - swellSamples) / (2 * SAMPLE_RATE));
        filter.set({ shape: "lowpass", frequencyHz: 300 + peakCutoffHz * swell, q: 1.2 });
      }
      pa += da; if (pa >= 1) pa -= 1;
      pb += db; if (pb >= 1) pb -= 1;
      const v = filter.tick(sawAt(pa, da) + sawAt(pb, db)) * env.at(n) * gain;
      target.left[note.startSample + n] += v;
      target.right[note.startSample + n] += v;
    }
  },
};
