// Crickets and cicadas shared by several beds: crickets are a pure high tone gated in short pulse
// trains; cicadas are a band of noise buzzing with a fast amplitude modulation.

import type { StereoBuffer } from "../types";
import type { Random } from "../dsp/random";
import { addNoiseBed } from "./primitives";

export function addCrickets(out: StereoBuffer, random: Random, count: number, amplitude: number): void {
  const sr = out.sampleRate;
  for (let k = 0; k < count; k++) {
    const hz = random.range(3800, 5200);
    const pulseHz = random.range(25, 40);
    const chirpPeriod = random.range(0.5, 1.2);
    const angle = ((random.range(-0.8, 0.8) + 1) * Math.PI) / 4;
    const gl = Math.cos(angle) * amplitude, gr = Math.sin(angle) * amplitude;
    const offset = random.next() * chirpPeriod;
    for (let i = 0; i < out.left.length; i++) {
      const t = i / sr + offset;
      // A chirp is 3–4 pulses at the start of each period.
      const inChirp = t % chirpPeriod < 4 / pulseHz;
      if (!inChirp) continue;
      const pulse = Math.max(0, Math.sin(2 * Math.PI * pulseHz * t));
      const v = Math.sin(2 * Math.PI * hz * t) * pulse * pulse;
      out.left[i] += v * gl;
      out.right[i] += v * gr;
    }
  }
}

export function addCicadas(out: StereoBuffer, random: Random, level: number): void {
  const buzzHz = random.range(90, 140);
  const swellSeconds = random.range(8, 14);
  addNoiseBed(out, random, [{ shape: "bandpass", frequencyHz: 6500, q: 3 }, { shape: "bandpass", frequencyHz: 6500, q: 3 }], level, (t) =>
    (0.5 + 0.5 * Math.sin(2 * Math.PI * buzzHz * t)) * (0.4 + 0.6 * Math.sin((Math.PI * t) / swellSeconds) ** 2),
  );
}
