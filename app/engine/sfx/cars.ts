// Street traffic: a constant distant rumble and cars passing by, each an engine drone plus tyre noise
// that rises and falls, sweeps across the stereo field and drops in pitch as it passes (Doppler).

import type { AmbientBed } from "./bed";
import { Biquad } from "../dsp/biquad";
import { addNoiseBed, scatter } from "./primitives";

export const cars: AmbientBed = (out, random) => {
  const sr = out.sampleRate;
  addNoiseBed(out, random, [{ shape: "lowpass", frequencyHz: 350, q: 0.7 }], 0.3, (t) => 0.8 + 0.2 * Math.sin(t * 0.13));
  scatter(random, out.left.length, sr, 0.3, (start) => {
    const passSeconds = random.range(3, 6);
    const length = Math.round(passSeconds * sr);
    const engineHz = random.range(70, 120);
    const direction = random.next() < 0.5 ? -1 : 1;
    const tyres = new Biquad({ shape: "bandpass", frequencyHz: 900, q: 0.6 });
    const engine = new Biquad({ shape: "lowpass", frequencyHz: 400, q: 0.7 });
    let phase = 0;
    for (let n = 0; n < length && start + n < out.left.length; n++) {
      const x = (n / length) * 2 - 1; // -1 approaching .. 1 gone
      const closeness = 1 / (1 + 12 * x * x);
      const doppler = 1 + 0.06 * Math.tanh(-4 * x);
      phase += (engineHz * doppler) / sr;
      const v = (engine.tick(2 * (phase % 1) - 1) * 0.6 + tyres.tick(random.bipolar()) * 1.2) * closeness * 0.5;
      const angle = ((direction * x * 0.9 + 1) * Math.PI) / 4;
      out.left[start + n] += v * Math.cos(angle);
      out.right[start + n] += v * Math.sin(angle);
    }
  });
};
