// How each part sits in a neutral mix, before a mix style colours it: loudness target (stems are gain-
// staged by measurement, so any instrument lands at the same place), pan, high-pass, sends and dynamics.
// Kick and bass keep their lows; everything else is high-passed to leave them room. The EQ is the usual
// corrective kind: less low-mid "mud" on chords and pads, presence on the lead, weight on the bass.

const MUD_CUT: BiquadSettings = { shape: "peak", frequencyHz: 350, q: 1, gainDb: -2.5 };

import type { BiquadSettings } from "../dsp/biquad";
import type { Decibels, Hertz, Lufs, PartName } from "../types";

export interface PartMix {
  /** Integrated loudness the part's stem is brought to at level 1. */
  targetLufs: Lufs;
  /** -1 left .. 1 right. */
  pan: number;
  /** 0 = mono, 1 = as rendered, > 1 = wider. */
  width: number;
  highpassHz: Hertz;
  /** Corrective EQ bands (peaking/shelving biquads) after the high-pass. */
  eq: BiquadSettings[];
  /** Send levels (linear) to the reverb and the delay. */
  reverbSend: number;
  delaySend: number;
  /** Channel compression, threshold relative to the part's target loudness. */
  compressorThresholdLu: Decibels;
  compressorRatio: number;
  /** Ducked by the kick when the mix pumps. */
  pumps: boolean;
}

export const PART_MIX: Record<PartName, PartMix> = {
  // Drums: presence at 2–6 kHz so hats, snare and percussion cut through (and tempo detectors find the beat).
  drums: { targetLufs: -16, pan: 0, width: 1, highpassHz: 30, eq: [{ shape: "peak", frequencyHz: 400, q: 1.2, gainDb: -2.5 }, { shape: "peak", frequencyHz: 4500, q: 0.6, gainDb: 6 }], reverbSend: 0.06, delaySend: 0, compressorThresholdLu: 6, compressorRatio: 3, pumps: false },
  bass: { targetLufs: -19.5, pan: 0, width: 0, highpassHz: 30, eq: [{ shape: "lowshelf", frequencyHz: 90, q: 0.7, gainDb: 1.5 }, { shape: "peak", frequencyHz: 300, q: 1.2, gainDb: -2 }], reverbSend: 0, delaySend: 0, compressorThresholdLu: 3, compressorRatio: 3, pumps: true },
  chords: { targetLufs: -21.5, pan: -0.2, width: 1.1, highpassHz: 140, eq: [MUD_CUT], reverbSend: 0.2, delaySend: 0.04, compressorThresholdLu: 4, compressorRatio: 2, pumps: true },
  lead: { targetLufs: -19.5, pan: 0, width: 0.8, highpassHz: 150, eq: [{ shape: "peak", frequencyHz: 3000, q: 0.9, gainDb: 2 }], reverbSend: 0.26, delaySend: 0.16, compressorThresholdLu: 3, compressorRatio: 2.5, pumps: false },
  pad: { targetLufs: -24, pan: 0.15, width: 1.3, highpassHz: 150, eq: [MUD_CUT, { shape: "highshelf", frequencyHz: 9000, q: 0.7, gainDb: -1.5 }], reverbSend: 0.42, delaySend: 0, compressorThresholdLu: 6, compressorRatio: 1.5, pumps: true },
  arp: { targetLufs: -23, pan: 0.3, width: 1, highpassHz: 150, eq: [MUD_CUT], reverbSend: 0.24, delaySend: 0.24, compressorThresholdLu: 5, compressorRatio: 2, pumps: true },
};
