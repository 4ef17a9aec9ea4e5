// TB-303-style acid bass: a band-limited saw through a resonant low-pass whose cutoff snaps open on each
// note and decays, with accent from velocity and slides between tied notes.

import { SAMPLE_RATE } from "../../types";
import { Biquad } from "../../dsp/biquad";
import { midiToHz } from "../../dsp/units";
import type { SynthVoice, VoiceNote } from "../voice";
import { Adsr, velocityGain } from "./envelope";
import { glideHz, sawAt } from "./oscillators";

const FILTER_UPDATE_SAMPLES = 32;
const GLIDE_SECONDS = 0.06;

export const acidBass: SynthVoice = {
  releaseSeconds: 0.04,
  monophonic: true,
  render(note: VoiceNote, target) {
    const env = new Adsr({ attackSeconds: 0.003, decaySeconds: 0.5, sustainLevel: 0.7, releaseSeconds: this.releaseSeconds }, note.gateSamples);
    const toHz = midiToHz(note.pitch);
    const fromHz = note.glideFromPitch === undefined ? toHz : midiToHz(note.glideFromPitch);
    const glideSamples = note.glideFromPitch === undefined ? 0 : GLIDE_SECONDS * SAMPLE_RATE;
    const accent = note.velocity / 127;
    const filter = new Biquad();
    const envelopeDecay = Math.exp(-1 / (0.12 * SAMPLE_RATE));
    let filterEnvelope = 1;
    const gain = 0.3 * velocityGain(note.velocity);
    const length = Math.min(env.lengthSamples(), target.left.length - note.startSample);
    let phase = 0;
    for (let n = 0; n < length; n++) {
      if (n % FILTER_UPDATE_SAMPLES === 0) {
        filter.set({ shape: "lowpass", frequencyHz: 180 + 2600 * accent * filterEnvelope, q: 5 + 4 * accent });
      }
      filterEnvelope *= envelopeDecay;
      const dt = glideHz(fromHz, toHz, n, glideSamples) / SAMPLE_RATE;
      phase += dt;
      if (phase >= 1) phase -= 1;
      const v = Math.tanh(1.5 * filter.tick(sawAt(phase, dt))) * env.at(n) * gain;
      target.left[note.startSample + n] += v;
      target.right[note.startSample + n] += v;
    }
  },
};
