// A warm analogue pad: three detuned saws per side through a low-pass that breathes with a slow LFO,
// with a slow attack and long release so chords blur into each other.

import { SAMPLE_RATE } from "../../types";
import { Biquad } from "../../dsp/biquad";
import { Random } from "../../dsp/random";
import { midiToHz } from "../../dsp/units";
import type { SynthVoice, VoiceNote } from "../voice";
import { Adsr, velocityGain } from "./envelope";
import { sawAt } from "./oscillators";

const DETUNE_CENTS = [-9, 0, 9];
const LFO_HZ = 0.18;
const FILTER_UPDATE_SAMPLES = 64;

export const warmPad: SynthVoice = {
  releaseSeconds: 1.2,
  monophonic: false,
  render(note: VoiceNote, target) {
    const env = new Adsr({ attackSeconds: 0.6, decaySeconds: 1, sustainLevel: 0.85, releaseSeconds: this.releaseSeconds }, note.gateSamples);
    const random = new Random(note.seed);
    const baseHz = midiToHz(note.pitch);
    const incL = DETUNE_CENTS.map((c) => (baseHz * Math.pow(2, (c - 3) / 1200)) / SAMPLE_RATE);
    const incR = DETUNE_CENTS.map((c) => (baseHz * Math.pow(2, (c + 3) / 1200)) / SAMPLE_RATE);
    const phL = DETUNE_CENTS.map(() => random.next());
    const phR = DETUNE_CENTS.map(() => random.next());
    const filterL = new Biquad();
    const filterR = new Biquad();
    const lfoPhase = random.next() * 2 * Math.PI;
    const gain = 0.12 * velocityGain(note.velocity);
    const length = Math.min(env.lengthSamples(), target.left.length - note.startSample);
    for (let n = 0; n < length; n++) {
      if (n % FILTER_UPDATE_SAMPLES === 0) {
        const lfo = Math.sin(lfoPhase + (2 * Math.PI * LFO_HZ * n) / SAMPLE_RATE);
        const settings = { shape: "lowpass" as const, frequencyHz: 1400 * Math.pow(2, 0.6 * lfo), q: 0.9 };
        filterL.set(settings);
        filterR.set(settings);
      }
      let l = 0, r = 0;
      for (let k = 0; k < DETUNE_CENTS.length; k++) {
        phL[k] += incL[k]; if (phL[k] >= 1) phL[k] -= 1;
        phR[k] += incR[k]; if (phR[k] >= 1) phR[k] -= 1;
        l += sawAt(phL[k], incL[k]);
        r += sawAt(phR[k], incR[k]);
      }
      const e = env.at(n) * gain;
      target.left[note.startSample + n] += filterL.tick(l) * e;
      target.right[note.startSample + n] += filterR.tick(r) * e;
    }
  },
};
