// The master's work on one channel, as messages another thread can run (the stem worker does, for
// masterOnTwoThreads): tilt it, measure its loudness, limit it, measure its true peak. Each op gives, for
// its channel, exactly what the stereo code computes for that channel, so the two halves combine into
// master()'s bytes. An op's buffers are transferred to the other thread and back, never copied.

import { Biquad } from "../dsp/biquad";
import { limitChannel, type ChannelLimited, type LimiterPlan } from "./limiter";
import { ChannelLoudness, type ChannelPieces } from "./loudness";
import type { MasterPreset } from "./presets";
import { TruePeakMeter } from "./truePeak";

/** Content near Nyquist is inaudible but makes the largest inter-sample peaks (see the tilt). */
const AIR_LIMIT_HZ = 18000;

export type ChannelOp =
  | { kind: "tilt"; samples: Float32Array; preset: MasterPreset }
  | { kind: "loudness"; samples: Float32Array; sampleRate: number }
  | { kind: "limit"; samples: Float32Array; plan: LimiterPlan; sampleRate: number; truePeak: boolean; output: Float32Array }
  | { kind: "truePeak"; samples: Float32Array; levelOfInterest: number };

/** What an op measured, with its buffers (they come back this way when they travelled to another thread). */
export type ChannelOpResult = { samples: Float32Array; output?: Float32Array; loudness?: ChannelPieces } & Partial<Pick<ChannelLimited, "truePeak">>;

export function runChannelOp(op: ChannelOp): ChannelOpResult {
  const { samples } = op;
  switch (op.kind) {
    case "tilt":
      // What Biquad.processStereoChain does to each channel, to the bit.
      Biquad.processChain(tiltChain(op.preset), samples);
      return { samples };
    case "loudness": {
      const meter = new ChannelLoudness(op.sampleRate);
      meter.add(samples, 0, samples.length);
      return { samples, loudness: meter.pieces() };
    }
    case "limit":
      return { samples, output: op.output, ...limitChannel(samples, op.plan, op.sampleRate, { truePeak: op.truePeak, output: op.output }) };
    case "truePeak": {
      const meter = new TruePeakMeter(op.levelOfInterest);
      meter.addChannel(samples, 0, samples.length);
      return { samples, truePeak: meter.value() };
    }
  }
}

/** One channel's tilt filters, in order (master's tilt runs them on both channels at once; runChannelOp on one: the same bytes). */
export function tiltChain(preset: MasterPreset): Biquad[] {
  return [
    new Biquad({ shape: "lowshelf", frequencyHz: 100, q: 0.7, gainDb: preset.lowShelfDb }),
    new Biquad({ shape: "highshelf", frequencyHz: 8000, q: 0.7, gainDb: preset.highShelfDb }),
    new Biquad({ shape: "lowpass", frequencyHz: AIR_LIMIT_HZ, q: 0.54 }),
    new Biquad({ shape: "lowpass", frequencyHz: AIR_LIMIT_HZ, q: 1.31 }),
  ];
}
