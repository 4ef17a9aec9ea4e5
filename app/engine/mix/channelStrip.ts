// One part's channel strip, processed block by block: gain staging, high-pass, compression, width and
// pan, kick-keyed pumping, then the dry signal into the mix bus and sends to the reverb and delay.
// Scratch buffers are allocated once per strip; process() allocates nothing.

import type { Gain, StereoBuffer } from "../types";
import { Biquad } from "../dsp/biquad";
import { Compressor } from "../dsp/compressor";
import type { KickPump } from "./kickPump";
import type { PartMix } from "./partDefaults";

export interface StripOutputs {
  bus: StereoBuffer;
  /** Block-local send buffers (index 0 = sample `start`). */
  reverbLeft: Float32Array;
  reverbRight: Float32Array;
  delayLeft: Float32Array;
  delayRight: Float32Array;
}

export class ChannelStrip {
  private readonly left: Float32Array;
  private readonly right: Float32Array;
  private readonly pumpGain: Float32Array;
  private readonly highpass: Biquad[];
  private readonly compressor: Compressor;
  private readonly panLeft: number;
  private readonly panRight: number;

  constructor(
    private readonly stem: StereoBuffer,
    private readonly gain: Gain,
    private readonly settings: PartMix,
    private readonly reverbSend: Gain,
    private readonly delaySend: Gain,
    private readonly pump: KickPump | null,
    blockSize: number,
  ) {
    this.left = new Float32Array(blockSize);
    this.right = new Float32Array(blockSize);
    this.pumpGain = new Float32Array(blockSize);
    this.highpass = [0, 1].map(() => new Biquad({ shape: "highpass", frequencyHz: settings.highpassHz, q: 0.707 }));
    this.compressor = new Compressor({
      thresholdDb: settings.targetLufs + settings.compressorThresholdLu,
      ratio: settings.compressorRatio,
      attackSeconds: 0.008,
      releaseSeconds: 0.15,
    });
    // Constant-power pan law: centre is −3 dB per side.
    const angle = ((settings.pan + 1) * Math.PI) / 4;
    this.panLeft = Math.cos(angle) * Math.SQRT2;
    this.panRight = Math.sin(angle) * Math.SQRT2;
  }

  process(start: number, count: number, out: StripOutputs): void {
    const { left, right, stem, gain } = this;
    for (let n = 0; n < count; n++) {
      left[n] = stem.left[start + n] * gain;
      right[n] = stem.right[start + n] * gain;
    }
    this.highpass[0].process(left, 0, count);
    this.highpass[1].process(right, 0, count);
    this.compressor.process(left, right, 0, count);
    if (this.pump) this.pump.fill(this.pumpGain, start, count);
    const { width } = this.settings;
    for (let n = 0; n < count; n++) {
      const mid = 0.5 * (left[n] + right[n]);
      const side = 0.5 * (left[n] - right[n]) * width;
      const duck = this.pump ? this.pumpGain[n] : 1;
      const l = (mid + side) * this.panLeft * duck;
      const r = (mid - side) * this.panRight * duck;
      out.bus.left[start + n] += l;
      out.bus.right[start + n] += r;
      out.reverbLeft[n] += l * this.reverbSend;
      out.reverbRight[n] += r * this.reverbSend;
      out.delayLeft[n] += l * this.delaySend;
      out.delayRight[n] += r * this.delaySend;
    }
  }
}
