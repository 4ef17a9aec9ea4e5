// The master's work on one channel, as messages another thread can run (the stem worker does, for
// masterOnTwoThreads): tilt it, measure its loudness, limit it, measure its true peak. Each op gives, for
// its channel, exactly what the stereo code computes for that channel, so the two halves combine into
// master()'s bytes. Buffers are shared memory, so an op and its result carry no samples.

import type { Gain, StereoBuffer } from "../types";
import { Biquad } from "../dsp/biquad";
import { limitChannel, type ChannelLimited, type LimiterSettings } from "./limiter";
import { ChannelLoudness, type ChannelPieces } from "./loudness";
import type { MasterPreset } from "./presets";
import { TruePeakMeter } from "./truePeak";

/** Content near Nyquist is inaudible but makes the largest inter-sample peaks (see the tilt). */
const AIR_LIMIT_HZ = 18000;

type Channel = "left" | "right";

export type ChannelOp =
  | { kind: "tilt"; buffer: StereoBuffer; channel: Channel; preset: MasterPreset }
  | { kind: "loudness"; buffer: StereoBuffer; channel: Channel }
  | { kind: "limit"; buffer: StereoBuffer; channel: Channel; inputGain: Gain; settings: LimiterSettings; truePeak: boolean; output: StereoBuffer }
  | { kind: "truePeak"; buffer: StereoBuffer; channel: Channel; levelOfInterest: number };

export type ChannelOpResult = Record<string, never> | { loudness: ChannelPieces } | ChannelLimited | { truePeak: number };

export function runChannelOp(op: ChannelOp): ChannelOpResult {
  const x = op.buffer[op.channel];
  switch (op.kind) {
    case "tilt":
      // Filter by filter: what Biquad.processStereoChain does to each channel, to the bit.
      for (const filter of tiltChain(op.preset)) filter.process(x);
      return {};
    case "loudness": {
      const meter = new ChannelLoudness(op.buffer.sampleRate);
      meter.add(x, 0, x.length);
      return { loudness: meter.pieces() };
    }
    case "limit":
      return limitChannel(op.buffer, op.channel, op.inputGain, op.settings, { truePeak: op.truePeak, output: op.output[op.channel] });
    case "truePeak": {
      const meter = new TruePeakMeter(op.levelOfInterest);
      meter.addChannel(x, 0, x.length);
      return { truePeak: meter.value() };
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
