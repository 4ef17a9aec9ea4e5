// The trap 808: a sine with a short downward pitch "punch", soft-clipped so its harmonics speak on small
// speakers, and portamento when the note asks to glide from the previous one.

import { SAMPLE_RATE } from "../../types";
import { midiToHz } from "../../dsp/units";
import type { SynthVoice, VoiceNote } from "../voice";
import { Adsr, velocityGain } from "./envelope";
import { glideHz } from "./oscillators";

const GLIDE_SECONDS = 0.09;
const PUNCH_SECONDS = 0.02;
const DRIVE = 1.8;

export const sub808: SynthVoice = {
  releaseSeconds: 0.12,
  monophonic: true,
  render(note: VoiceNote, target) {
    const env = new Adsr({ attackSeconds: 0.002, decaySeconds: 1.6, sustainLevel: 0.35, releaseSeconds: this.releaseSeconds }, note.gateSamples);
    const toHz = midiToHz(note.pitch);
    const fromHz = note.glideFromPitch === undefined ? toHz : midiToHz(note.glideFromPitch);
    const glideSamples = note.glideFromPitch === undefined ? 0 : GLIDE_SECONDS * SAMPLE_RATE;
    const punchCoefficient = Math.exp(-1 / (PUNCH_SECONDS * SAMPLE_RATE));
    const gain = 0.55 * velocityGain(note.velocity);
    const length = Math.min(env.lengthSamples(), target.left.length - note.startSample);
    const normaliser = 1 / Math.tanh(DRIVE);
    // A gliding note continues the previous one, so it gets no new punch.
    let punch = note.glideFromPitch === undefined ? 1 : 0;
    let phase = 0;
    for (let n = 0; n < length; n++) {
      const hz = glideHz(fromHz, toHz, n, glideSamples) * (1 + 0.8 * punch);
      punch *= punchCoefficient;
      phase += hz / SAMPLE_RATE;
      if (phase >= 1) phase -= 1;
      const v = Math.tanh(DRIVE * Math.sin(2 * Math.PI * phase)) * normaliser * env.at(n) * gain;
      target.left[note.startSample + n] += v;
      target.right[note.startSample + n] += v;
    }
  },
};
