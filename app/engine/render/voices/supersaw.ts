// Trance/EDM supersaw: seven detuned band-limited saws spread across the stereo field, through a
// low-pass that opens with velocity. Phases are seeded so unison does not phase-cancel identically on every note.

import { SAMPLE_RATE } from "../../types";
import { Biquad } from "../../dsp/biquad";
import { Random } from "../../dsp/random";
import { midiToHz } from "../../dsp/units";
import type { SynthVoice, VoiceNote } from "../voice";
import { Adsr, velocityGain } from "./envelope";
import { sawAt } from "./oscillators";

const DETUNE_CENTS = [0, -11, 11, -23, 23, -37, 37];
const PAN = [0, -0.35, 0.35, -0.7, 0.7, -1, 1];

export const supersaw: SynthVoice = {
  releaseSeconds: 0.3,
  monophonic: false,
  render(note: VoiceNote, target) {
    const env = new Adsr({ attackSeconds: 0.01, decaySeconds: 0.4, sustainLevel: 0.8, releaseSeconds: this.releaseSeconds }, note.gateSamples);
    const random = new Random(note.seed);
    const baseHz = midiToHz(note.pitch);
    const increments = DETUNE_CENTS.map((c) => (baseHz * Math.pow(2, c / 1200)) / SAMPLE_RATE);
    const phases = DETUNE_CENTS.map(() => random.next());
    const leftGains = PAN.map((p) => Math.cos(((p + 1) * Math.PI) / 4));
    const rightGains = PAN.map((p) => Math.sin(((p + 1) * Math.PI) / 4));
    const cutoffHz = 2500 + 6000 * (note.velocity / 127);
    const filterL = new Biquad({ shape: "lowpass", frequencyHz: cutoffHz, q: 0.8 });
    const filterR = new Biquad({ shape: "lowpass", frequencyHz: cutoffHz, q: 0.8 });
    const gain = (0.22 / Math.sqrt(DETUNE_CENTS.length)) * velocityGain(note.velocity);
    const length = Math.min(env.lengthSamples(), target.left.length - note.startSample);
    for (let n = 0; n < length; n++) {
      let l = 0, r = 0;
      for (let k = 0; k < increments.length; k++) {
        let t = phases[k] + increments[k];
        if (t >= 1) t -= 1;
        phases[k] = t;
        const s = sawAt(t, increments[k]);
        l += s * leftGains[k];
        r += s * rightGains[k];
      }
      const e = env.at(n) * gain;
      target.left[note.startSample + n] += filterL.tick(l) * e;
      target.right[note.startSample + n] += filterR.tick(r) * e;
    }
  },
};
