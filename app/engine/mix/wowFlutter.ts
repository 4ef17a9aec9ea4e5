// Tape wow (slow, ~0.55 Hz) and flutter (fast, ~6.3 Hz) pitch wobble, made by modulating a short delay.
// Both channels share the modulation, as on a real tape transport. Processes in place, block by block.

import { SAMPLE_RATE } from "../types";
import { ModulatedDelay } from "./modulatedDelay";

const WOW_HZ = 0.55;
const FLUTTER_HZ = 6.3;

export class WowFlutter {
  private readonly lines: [ModulatedDelay, ModulatedDelay];
  private readonly wow: number;
  private readonly flutter: number;
  private readonly centre: number;
  private sample = 0;

  /** `depth` 0..1 scales wow to ±1.5 ms and flutter to ±0.12 ms of delay swing. */
  constructor(depth: number, private readonly sampleRate: number = SAMPLE_RATE) {
    this.wow = 0.0015 * depth * sampleRate;
    this.flutter = 0.00012 * depth * sampleRate;
    this.centre = this.wow + this.flutter + 2;
    this.lines = [new ModulatedDelay(2 * this.centre + 2), new ModulatedDelay(2 * this.centre + 2)];
  }

  process(left: Float32Array, right: Float32Array, start: number, count: number): void {
    const w = (2 * Math.PI * WOW_HZ) / this.sampleRate, f = (2 * Math.PI * FLUTTER_HZ) / this.sampleRate;
    for (let i = start, end = start + count; i < end; i++) {
      const n = this.sample++;
      const delay = this.centre + this.wow * Math.sin(w * n) + this.flutter * Math.sin(f * n);
      left[i] = this.lines[0].tick(left[i], delay);
      right[i] = this.lines[1].tick(right[i], delay);
    }
  }
}
