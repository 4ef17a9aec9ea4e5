// Two-operator FM bell: an inharmonic 3.5:1 modulator whose index decays faster than the amplitude, so
// the strike is metallic and the tail is nearly a pure tone.

import { SAMPLE_RATE } from "../../types";
import { midiToHz } from "../../dsp/units";
import type { SynthVoice, VoiceNote } from "../voice";
import { velocityGain } from "./envelope";

const RATIO = 3.5;
const RING_SECONDS = 2.5;

export const fmBell: SynthVoice = {
  releaseSeconds: 0.6,
  monophonic: false,
  render(note: VoiceNote, target) {
    const hz = midiToHz(note.pitch);
    const carrierStep = (2 * Math.PI * hz) / SAMPLE_RATE;
    const modulatorStep = carrierStep * RATIO;
    const ampDecay = Math.exp(-1 / (0.9 * SAMPLE_RATE));
    const indexDecay = Math.exp(-1 / (0.25 * SAMPLE_RATE));
    const releaseDecay = Math.exp(-1 / (this.releaseSeconds * SAMPLE_RATE / 5));
    let amp = 0.28 * velocityGain(note.velocity);
    let index = 2 + 4 * (note.velocity / 127);
    const length = Math.min(note.gateSamples + this.releaseSeconds * SAMPLE_RATE, RING_SECONDS * SAMPLE_RATE, target.left.length - note.startSample);
    for (let n = 0; n < length; n++) {
      const v = Math.sin(carrierStep * n + index * Math.sin(modulatorStep * n)) * amp;
      amp *= n < note.gateSamples ? ampDecay : releaseDecay;
      index *= indexDecay;
      target.left[note.startSample + n] += v;
      target.right[note.startSample + n] += v;
    }
  },
};
