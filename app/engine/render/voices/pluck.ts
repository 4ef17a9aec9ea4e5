// A plucked string by Karplus-Strong: a seeded noise burst circulating in a delay line one period long,
// averaged each pass so the highs die first, as on a real string.

import { SAMPLE_RATE } from "../../types";
import { Random } from "../../dsp/random";
import { midiToHz } from "../../dsp/units";
import type { SynthVoice, VoiceNote } from "../voice";
import { velocityGain } from "./envelope";

const DAMPING = 0.996;
const RING_SECONDS = 1.5;

export const pluck: SynthVoice = {
  releaseSeconds: 0.08,
  monophonic: false,
  render(note: VoiceNote, target) {
    const random = new Random(note.seed);
    const period = Math.max(2, SAMPLE_RATE / midiToHz(note.pitch));
    const size = Math.floor(period);
    const fraction = period - size;
    const line = new Float32Array(size + 2);
    // Brighter excitation for harder plucks: blend noise with its smoothed copy.
    const brightness = 0.4 + 0.6 * (note.velocity / 127);
    let smooth = 0;
    for (let i = 0; i < line.length; i++) {
      const noise = random.bipolar();
      smooth += (noise - smooth) * 0.5;
      line[i] = noise * brightness + smooth * (1 - brightness);
    }
    const gain = 0.35 * velocityGain(note.velocity);
    const releaseSamples = this.releaseSeconds * SAMPLE_RATE;
    const length = Math.min(note.gateSamples + releaseSamples, RING_SECONDS * SAMPLE_RATE, target.left.length - note.startSample);
    let index = 0;
    for (let n = 0; n < length; n++) {
      const a = line[index];
      const next = index + 1 < size ? index + 1 : 0;
      const b = line[next];
      // Fractional delay by linear blend keeps high notes in tune.
      const out = a + (b - a) * fraction;
      line[index] = DAMPING * 0.5 * (a + b);
      index = next;
      const fade = n < note.gateSamples ? 1 : 1 - (n - note.gateSamples) / releaseSamples;
      const v = out * gain * fade;
      target.left[note.startSample + n] += v;
      target.right[note.startSample + n] += v;
    }
  },
};
