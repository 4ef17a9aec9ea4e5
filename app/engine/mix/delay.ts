// A tempo-synced ping-pong delay: echoes alternate left and right, each repeat darker than the last
// (a low-pass in the feedback path, like tape or analogue echo). process() adds into the outputs.

import type { Bpm } from "../types";
import { SAMPLE_RATE } from "../types";
import { Biquad, TINY } from "../dsp/biquad";

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
    const { left, right } = this;
    const feedback = this.s.feedback;
    const length = left.length;
    const shift = start - outStart;
    let index = this.index;
    // The two tone filters run inline (Biquad.tick's arithmetic, state in locals): the same bytes as
    // calling tick(), without two calls and their field loads per sample.
    const tl = this.toneLeft.state(), tr = this.toneRight.state();
    let lz1 = tl.z1, lz2 = tl.z2, rz1 = tr.z1, rz2 = tr.z2;
    const { b0: lb0, b1: lb1, b2: lb2, a1: la1, a2: la2 } = tl;
    const { b0: rb0, b1: rb1, b2: rb2, a1: ra1, a2: ra2 } = tr;
    for (let i = start, end = start + count; i < end; ) {
      // Up to the end of the block or the line's wrap, whichever comes first.
      const stop = Math.min(end, i + (length - index));
      for (; i < stop; i++, index++) {
        const echoLeft = left[index];
        const echoRight = right[index];
        // The input enters on the left only; feedback crosses sides, which makes the ping-pong.
        const xl = input[i] + echoRight * feedback;
        let yl = lb0 * xl + lz1;
        if (yl < TINY && yl > -TINY) yl = 0;
        lz1 = lb1 * xl - la1 * yl + lz2;
        lz2 = lb2 * xl - la2 * yl;
        const xr = echoLeft * feedback;
        let yr = rb0 * xr + rz1;
        if (yr < TINY && yr > -TINY) yr = 0;
        rz1 = rb1 * xr - ra1 * yr + rz2;
        rz2 = rb2 * xr - ra2 * yr;
        left[index] = yl;
        right[index] = yr;
        outLeft[i - shift] += echoLeft;
        outRight[i - shift] += echoRight;
      }
      if (index === length) index = 0;
    }
    this.toneLeft.setState(lz1, lz2);
    this.toneRight.setState(rz1, rz2);
    this.index = index;
  }
}
