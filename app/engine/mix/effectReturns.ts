// The mix's send effects, the FDN reverb and the ping-pong delay, as returns: what they add to each block of
// the mix, made from the parts' fixed-point sends (fixedPoint.ts). The mixing thread adds a block's
// returns to the mix right before the bus chain runs over it; they are made either there, or ahead on
// the stem worker (threads/effectReturns.ts), which is then otherwise idle. Either way the block's
// returns are the reverb's plus the delay's, summed in double precision, so the mix is the same to the byte.

import type { Bpm } from "../types";
import { PingPongDelay } from "./delay";
import { FIXED_STEP, type FixedSignal } from "./fixedPoint";
import { mixStyle } from "./mixStyles";
import { Reverb } from "./reverb";

/** The mix is processed in blocks of this many samples. */
export const MIX_BLOCK = 4096;

/** The effect sends as fixed-point sums: each effect's input is the sum of its signals (one per Mixer). */
export interface FixedSends {
  reverb: FixedSignal[];
  delay: FixedSignal[];
}

/** What another thread needs to make the returns: the style and tempo (the effects' settings) and the sends. */
export interface EffectsInput {
  mix: string;
  tempoBpm: Bpm;
  sends: FixedSends;
  length: number;
}

/** Which effects an EffectReturns makes: both, or one while another thread makes the other. */
export interface EffectShare {
  reverb: boolean;
  delay: boolean;
}

/**
 * How the mix effects are shared when the stem worker makes returns while the mixing thread runs the bus
 * chain: the worker always takes the reverb (the costliest), and the delay too when the style's bus
 * chain is heavy (a chorus or tape wobble), else the mixing thread takes the delay and would otherwise
 * wait for the worker. Measured per style in docs/engine.md "Performance".
 */
export function workerShare(mix: string): EffectShare {
  const style = mixStyle(mix);
  return { reverb: true, delay: style.chorus !== null || style.wowFlutter > 0 };
}

export class EffectReturns {
  private readonly reverb: Reverb | null;
  private readonly delay: PingPongDelay | null;
  private readonly reverbIn = new Float32Array(MIX_BLOCK);
  private readonly delayIn = new Float32Array(MIX_BLOCK);

  constructor(
    private readonly input: EffectsInput,
    share: EffectShare = { reverb: true, delay: true },
  ) {
    const style = mixStyle(input.mix);
    this.reverb = share.reverb ? new Reverb(style.reverb) : null;
    this.delay = share.delay ? new PingPongDelay({ tempoBpm: input.tempoBpm, beats: style.delay.beats, feedback: style.delay.feedback }) : null;
  }

  /**
   * Writes the returns of mix samples [start, start + count) (count ≤ MIX_BLOCK) to out[outStart...], blocks
   * in order. Those of effects made elsewhere are taken as 0; the sum of the shares' returns is exactly
   * what one EffectReturns of both makes (each effect adds into zeros, and adding is commutative).
   */
  render(start: number, count: number, outLeft: Float64Array, outRight: Float64Array, outStart: number): void {
    outLeft.fill(0, outStart, outStart + count);
    outRight.fill(0, outStart, outStart + count);
    if (this.reverb) {
      settleInto(this.reverbIn, this.input.sends.reverb, start, count);
      this.reverb.process(this.reverbIn, outLeft, outRight, 0, count, outStart);
    }
    if (this.delay) {
      settleInto(this.delayIn, this.input.sends.delay, start, count);
      this.delay.process(this.delayIn, outLeft, outRight, 0, count, outStart);
    }
  }
}

/** out[0, count) = the float value of the sum of `signals` over [start, start + count). */
export function settleInto(out: Float32Array, signals: FixedSignal[], start: number, count: number): void {
  if (signals.length === 1) {
    const only = signals[0]!;
    for (let k = 0; k < count; k++) out[k] = only[start + k] * FIXED_STEP;
    return;
  }
  if (signals.length === 2) {
    const a = signals[0]!, b = signals[1]!;
    // `| 0` wraps the sum as the integers would: the same whichever Mixer held which part.
    for (let k = 0; k < count; k++) out[k] = ((a[start + k] + b[start + k]) | 0) * FIXED_STEP;
    return;
  }
  for (let k = 0; k < count; k++) {
    let sum = 0;
    for (const signal of signals) sum = (sum + signal[start + k]) | 0;
    out[k] = sum * FIXED_STEP;
  }
}
