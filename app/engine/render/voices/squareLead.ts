// A chiptune-ish square lead: pulse wave with slow pulse-width motion and delayed vibrato, softened by a
// low-pass so it sits in a mix instead of buzzing.

import { SAMPLE_RATE } from "../../types";
import { Biquad } from "../../dsp/biquad";
import { midiToHz } from "../../dsp/units";
import type { SynthVoice, VoiceNote } from "../voice";
import { Adsr, velocityGain } from "./envelope";
import { glideHz, pulseAt } from "./oscillators";

const VIBRATO_HZ = 5.5;
const VIBRATO_DELAY_SECONDS = 0.25;
const GLIDE_SECONDS = 0.05;

export const squareLead: SynthVoice = {
  releaseSeconds: 0.15,
  monophonic: true,
  render(note: VoiceNote, target) {
    const env = new Adsr({ attackSeconds: 0.008, decaySeconds: 0.3, sustainLevel: 0.75, releaseSeconds: this.releaseSeconds }, note.gateSamples);
    const toHz = midiToHz(note.pitch);
    const fromHz = note.glideFromPitch === undefined ? toHz : midiToHz(note.glideFromPitch);
    const glideSamples = note.glideFromPitch === undefined ? 0 : GLIDE_SECONDS * SAMPLE_RATE;
    const filter = new Biquad({ shape: "lowpass", frequencyHz: 4200, q: 0.7 });
    const gain = 0.16 * velocityGain(note.velocity);
    const delaySamples = VIBRATO_DELAY_SECONDS * SAMPLE_RATE;
    const length = Math.min(env.lengthSamples(), target.left.length - note.startSample);
    let phase = 0;
    for (let n = 0; n < length; n++) {
      const seconds = n / SAMPLE_RATE;
      const vibratoDepth = n < delaySamples ? 0 : Math.min(1, (n - delaySamples) / delaySamples) * 0.006;
      const hz = glideHz(fromHz, toHz, n, glideSamples) * (1 + vibratoDepth * Math.sin(2 * Math.PI * VIBRATO_HZ * seconds));
      const dt = hz / SAMPLE_RATE;
      phase += dt;
      if (phase >= 1) phase -= 1;
      const width = 0.5 + 0.2 * Math.sin(2 * Math.PI * 0.7 * seconds);
      const v = filter.tick(pulseAt(phase, dt, width)) * env.at(n) * gain;
      target.left[note.startSample + n] += v;
      target.right[note.startSample + n] += v;
    }
  },
};
