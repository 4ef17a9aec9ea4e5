// A tempo-synced ping-pong delay: echoes alternate left and right, each repeat darker than the last
// (a low-pass in the feedback path, like tape or analogue echo). process() adds into the outputs.

import type { Bpm } from "../types";
import { SAMPLE_RATE } from "../types";
import { Biquad } from "../dsp/biquad";

export interface DelaySettings {
  tempoBpm: Bpm;
  /** Delay time in beats: 0.75 = dotted eighth, 0.5 = eighth. */
  beats: number;
  feedback: number;
}

export class PingPongDelay {
  private readonly left: Float32Array;
  private readonly right: Float32Array;
  private index = 0;
  private readonly toneLeft = new Biquad({ shape: "lowpass", frequencyHz: 4500, q: 0.6 });
  private readonly toneRight = new Biquad({ shape: "lowpass", frequencyHz: 4500, q: 0.6 });

  constructor(private readonly s: DelaySettings, sampleRate: number = SAMPLE_RATE) {
    const length = Math.max(1, Math.round(((60 / s.tempoBpm) * s.beats * sampleRate)));
    this.left = new Float32Array(length);
    this.right = new Float32Array(length);
  }

  /**
   * Adds the echoes of the mono `input` over [start, start+count) into the outputs, input sample i at
   * out[i - start + outStart] (by default the same index).
   */
  process(input: Float32Array, outLeft: Float32Array | Float64Array, outRight: Float32Array | Float64Array, start: number, count: number, outStart: number = start): void {
    const { left, right, s } = this;
    const length = left.length;
    const shift = start - outStart;
    let index = this.index;
    for (let i = start, end = start + count; i < end; i++) {
      const echoLeft = left[index];
      const echoRight = right[index];
      // The input enters on the left only; feedback crosses sides, which makes the ping-pong.
      left[index] = this.toneLeft.tick(input[i] + echoRight * s.feedback);
      right[index] = this.toneRight.tick(echoLeft * s.feedback);
      outLeft[i - shift] += echoLeft;
      outRight[i - shift] += echoRight;
      index = index + 1 === length ? 0 : index + 1;
    }
    this.index = index;
  }
}
