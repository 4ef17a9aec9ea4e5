// A slow stereo chorus: each channel mixed with a copy whose delay sweeps ±depth around a centre, the two
// LFOs a quarter-cycle apart so the image swims. Processes in place, block by block.

import type { Seconds } from "../types";
import { SAMPLE_RATE } from "../types";
import { ModulatedDelay } from "./modulatedDelay";

export interface ChorusSettings {
  rateHz: number;
  centreSeconds: Seconds;
  depthSeconds: Seconds;
  /** 0..1 wet proportion. */
  mix: number;
}

export class Chorus {
  private readonly lines: [ModulatedDelay, ModulatedDelay];
  private readonly centre: number;
  private readonly depth: number;
  private readonly step: number;
  private sample = 0;

  constructor(private readonly s: ChorusSettings, sampleRate: number = SAMPLE_RATE) {
    this.centre = s.centreSeconds * sampleRate;
    this.depth = s.depthSeconds * sampleRate;
    this.step = (2 * Math.PI * s.rateHz) / sampleRate;
    this.lines = [new ModulatedDelay(this.centre + this.depth + 2), new ModulatedDelay(this.centre + this.depth + 2)];
  }

  process(left: Float32Array, right: Float32Array, start: number, count: number): void {
    const { mix } = this.s;
    for (let i = start, end = start + count; i < end; i++) {
      const angle = this.step * this.sample++;
      const wetLeft = this.lines[0].tick(left[i], this.centre + this.depth * Math.sin(angle));
      const wetRight = this.lines[1].tick(right[i], this.centre + this.depth * Math.cos(angle));
      left[i] = left[i] * (1 - mix) + wetLeft * mix;
      right[i] = right[i] * (1 - mix) + wetRight * mix;
    }
  }
}
