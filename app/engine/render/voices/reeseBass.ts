// Drum-and-bass Reese: two saws detuned against each other (the slow beating is the sound) over a sine
// sub an octave down, low-passed so the movement stays in the low mids.

import { SAMPLE_RATE } from "../../types";
import { Biquad } from "../../dsp/biquad";
import { midiToHz } from "../../dsp/units";
import type { SynthVoice, VoiceNote } from "../voice";
import { Adsr, velocityGain } from "./envelope";
import { glideHz, sawAt } from "./oscillators";

const DETUNE_RATIO = Math.pow(2, 14 / 1200);
const GLIDE_SECONDS = 0.08;

export const reeseBass: SynthVoice = {
  releaseSeconds: 0.08,
  monophonic: true,
  render(note: VoiceNote, target) {
    const env = new Adsr({ attackSeconds: 0.005, decaySeconds: 0.6, sustainLevel: 0.85, releaseSeconds: this.releaseSeconds }, note.gateSamples);
    const toHz = midiToHz(note.pitch);
    const fromHz = note.glideFromPitch === undefined ? toHz : midiToHz(note.glideFromPitch);
    const glideSamples = note.glideFromPitch === undefined ? 0 : GLIDE_SECONDS * SAMPLE_RATE;
    const filterL = new Biquad({ shape: "lowpass", frequencyHz: 700 + 500 * (note.velocity / 127), q: 1.1 });
    const filterR = new Biquad({ shape: "lowpass", frequencyHz: 700 + 500 * (note.velocity / 127), q: 1.1 });
    const gain = 0.22 * velocityGain(note.velocity);
    const length = Math.min(env.lengthSamples(), target.left.length - note.startSample);
    let pa = 0, pb = 0.37, ps = 0;
    for (let n = 0; n < length; n++) {
      const hz = glideHz(fromHz, toHz, n, glideSamples);
      const da = hz / SAMPLE_RATE, db = (hz * DETUNE_RATIO) / SAMPLE_RATE;
      pa += da; if (pa >= 1) pa -= 1;
      pb += db; if (pb >= 1) pb -= 1;
      ps += hz / 2 / SAMPLE_RATE; if (ps >= 1) ps -= 1;
      const a = sawAt(pa, da), b = sawAt(pb, db);
      const sub = 0.8 * Math.sin(2 * Math.PI * ps);
      const e = env.at(n) * gain;
      // The two saws lean to opposite sides so the beating also moves in space.
      target.left[note.startSample + n] += (filterL.tick(0.7 * a + 0.3 * b) + sub) * e;
      target.right[note.startSample + n] += (filterR.tick(0.3 * a + 0.7 * b) + sub) * e;
    }
  },
};
