// The riser: white noise through a band-pass whose centre climbs three octaves over the note, swelling
// in level, with decorrelated left/right noise so it fills the stereo field before a drop.

import { SAMPLE_RATE } from "../../types";
import { Biquad } from "../../dsp/biquad";
import { Random } from "../../dsp/random";
import type { SynthVoice, VoiceNote } from "../voice";
import { velocityGain } from "./envelope";

const FILTER_UPDATE_SAMPLES = 64;

export const noiseSweep: SynthVoice = {
  releaseSeconds: 0.05,
  monophonic: false,
  render(note: VoiceNote, target) {
    const random = new Random(note.seed);
    const filterL = new Biquad();
    const filterR = new Biquad();
    const gain = 0.5 * velocityGain(note.velocity);
    const gate = Math.max(1, note.gateSamples);
    const length = Math.min(gate + this.releaseSeconds * SAMPLE_RATE, target.left.length - note.startSample);
    // The note's pitch sets where the sweep starts: C4 starts at 400 Hz.
    const startHz = 400 * Math.pow(2, (note.pitch - 60) / 12);
    for (let n = 0; n < length; n++) {
      const progress = Math.min(1, n / gate);
      if (n % FILTER_UPDATE_SAMPLES === 0) {
        const settings = { shape: "bandpass" as const, frequencyHz: startHz * Math.pow(8, progress), q: 1.5 };
        filterL.set(settings);
        filterR.set(settings);
      }
      const level = n < gate ? progress * progress : 1 - (n - gate) / (this.releaseSeconds * SAMPLE_RATE);
      target.left[note.startSample + n] += filterL.tick(random.bipolar()) * level * gain;
      target.right[note.startSample + n] += filterR.tick(random.bipolar()) * level * gain;
    }
  },
};
