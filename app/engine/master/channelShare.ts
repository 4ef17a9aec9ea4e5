// The master's work on one channel, as messages another thread can run (the stem worker does, for
// masterOnTwoThreads; master() runs them for both channels here): prepare it (tilt it, measure its
// loudness, trace the bus compressor's detector), compress it (follow the gain targets, measure its
// loudness again, note each limiter window's peak), limit it, measure its true peak. Each op gives its
// channel's share of what the stereo master needs, so the two threads' results combine into master()'s
// bytes. Each op reads its channel once, block by block, doing all its steps on a block while it is in
// cache. An op's buffers are transferred to the other thread and back, never copied.

import { Biquad } from "../dsp/biquad";
import { EnvelopeTrace, TargetFollower, type CompressorSettings } from "../dsp/compressor";
import { limitChannel, WindowPeaks, type ChannelLimited, type LimiterPlan } from "./limiter";
import { ChannelLoudness, type ChannelPieces } from "./loudness";
import type { MasterPreset } from "./presets/standard";
import { TruePeakMeter } from "./truePeak";

/** Content near Nyquist is inaudible but makes the largest inter-sample peaks (see the tilt). */
const AIR_LIMIT_HZ = 18000;
/** Samples an op works on at a time: small enough to stay in cache between its steps. */
const OP_BLOCK = 4096;

export type ChannelOp =
  | { kind: "prepare"; samples: Float32Array; preset: MasterPreset; detector: Pick<CompressorSettings, "attackSeconds" | "releaseSeconds">; sampleRate: number }
  | { kind: "compress"; samples: Float32Array; targets: Float64Array; window: number; sampleRate: number }
  | { kind: "limit"; samples: Float32Array; plan: LimiterPlan; sampleRate: number; truePeak: boolean; output: Float32Array }
  | { kind: "truePeak"; samples: Float32Array; levelOfInterest: number };

/** What an op measured, with its buffers (they come back this way when they travelled to another thread). */
export type ChannelOpResult = {
  samples: Float32Array;
  output?: Float32Array;
  loudness?: ChannelPieces;
  /** prepare: the compressor detector's envelope at each gain update. */
  envelopes?: Float64Array;
  /** compress: each limiter window's largest magnitude. */
  peaks?: Float32Array;
} & Partial<Pick<ChannelLimited, "truePeak">>;

export function runChannelOp(op: ChannelOp): ChannelOpResult {
  const { samples } = op;
  switch (op.kind) {
    case "prepare": {
      const tilt = tiltChain(op.preset);
      const meter = new ChannelLoudness(op.sampleRate);
      const detector = new EnvelopeTrace(op.detector, samples.length, op.sampleRate);
      forEachBlock(samples.length, (start, count) => {
        Biquad.processChain(tilt, samples, start, count);
        meter.add(samples, start, count);
        detector.add(samples, start, count);
      });
      return { samples, loudness: meter.pieces(), envelopes: detector.envelopes };
    }
    case "compress": {
      const follower = new TargetFollower(op.targets, op.sampleRate);
      const meter = new ChannelLoudness(op.sampleRate);
      const peaks = new WindowPeaks(samples.length, op.window);
      forEachBlock(samples.length, (start, count) => {
        follower.process(samples, start, count);
        meter.add(samples, start, count);
        peaks.add(samples, start, count);
      });
      return { samples, loudness: meter.pieces(), peaks: peaks.peaks };
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

function forEachBlock(length: number, step: (start: number, count: number) => void): void {
  for (let start = 0; start < length; start += OP_BLOCK) step(start, Math.min(OP_BLOCK, length - start));
}

/** One channel's tilt filters, in order: tone shelves, then a gentle 4th-order roll-off above 18 kHz. */
function tiltChain(preset: MasterPreset): Biquad[] {
  // A flat shelf passes the signal as it is: left out (the mastering presets' limiter stage has none).
  return [
    ...(preset.lowShelfDb === 0 ? [] : [new Biquad({ shape: "lowshelf", frequencyHz: 100, q: 0.7, gainDb: preset.lowShelfDb })]),
    ...(preset.highShelfDb === 0 ? [] : [new Biquad({ shape: "highshelf", frequencyHz: 8000, q: 0.7, gainDb: preset.highShelfDb })]),
    new Biquad({ shape: "lowpass", frequencyHz: AIR_LIMIT_HZ, q: 0.54 }),
    new Biquad({ shape: "lowpass", frequencyHz: AIR_LIMIT_HZ, q: 1.31 }),
  ];
}
