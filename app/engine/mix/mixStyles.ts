// The twelve mix styles as DSP presets (data, not branches). Each is colour on top of the same neutral
// mix; mix/README.md describes what each should sound like and why.

import type { Decibels, Hertz } from "../types";
import type { ChorusSettings } from "./chorus";
import type { ReverbSettings } from "./reverb";

export interface MixStyle {
  reverb: ReverbSettings;
  /** Scales every part's reverb send. */
  reverbReturnDb: Decibels;
  delay: { beats: number; feedback: number; returnDb: Decibels };
  /** Mix-bus filters: `lowpassStages` cascaded 12 dB/oct sections make the slope steep. */
  highpassHz: Hertz | null;
  lowpassHz: Hertz | null;
  lowpassStages: number;
  lowShelfDb: Decibels;
  highShelfDb: Decibels;
  driveDb: Decibels;
  /** Stereo width of the mix bus: 0 mono .. 1 as mixed .. 1.5 wide. */
  width: number;
  chorus: ChorusSettings | null;
  /** 0..1 tape wow and flutter depth. */
  wowFlutter: number;
  /** Peak level of vinyl clicks, 0 for none. */
  crackle: number;
  /** 0..1 depth of kick-keyed ducking on pumping parts (0 = none; pumping filters add their own). */
  pumpDepth: number;
  /** Mix-bus glue compressor ratio (threshold is relative to the mix loudness). */
  glueRatio: number;
}

const room = (decaySeconds: number, preDelayMs: number, size: number, damping: number): ReverbSettings => ({
  decaySeconds,
  preDelaySeconds: preDelayMs / 1000,
  size,
  damping,
});

const NEUTRAL: MixStyle = {
  reverb: room(1.4, 15, 0.8, 0.4),
  reverbReturnDb: 0,
  delay: { beats: 0.75, feedback: 0.3, returnDb: -6 },
  highpassHz: null,
  lowpassHz: null,
  lowpassStages: 1,
  lowShelfDb: 0,
  highShelfDb: 0,
  driveDb: 0,
  width: 1,
  chorus: null,
  wowFlutter: 0,
  crackle: 0,
  pumpDepth: 0,
  glueRatio: 1.5,
};

export const MIX_STYLES = {
  clean: NEUTRAL,
  cleanish: { ...NEUTRAL, reverb: room(1.8, 20, 0.9, 0.5), reverbReturnDb: 1, lowShelfDb: 2, highShelfDb: -2.5, driveDb: 4, width: 1.05, glueRatio: 2.5 },
  garage: { ...NEUTRAL, reverb: room(0.5, 5, 0.3, 0.3), reverbReturnDb: 4, delay: { beats: 0.25, feedback: 0.15, returnDb: -10 }, highpassHz: 60, lowpassHz: 11000, driveDb: 9, width: 0.3, glueRatio: 4 },
  grand_canyon: { ...NEUTRAL, reverb: room(5.5, 90, 1.7, 0.05), reverbReturnDb: 8, delay: { beats: 1, feedback: 0.45, returnDb: -3 }, lowShelfDb: -1.5, highShelfDb: 3, width: 1.3 },
  lofi: { ...NEUTRAL, reverb: room(1.2, 10, 0.6, 0.7), highpassHz: 80, lowpassHz: 6500, lowpassStages: 2, highShelfDb: -2, driveDb: 6, width: 0.8, wowFlutter: 1, crackle: 0.03 },
  montreal: { ...NEUTRAL, reverb: room(2.4, 35, 1.1, 0.3), reverbReturnDb: 3, lowShelfDb: -2, highShelfDb: 3, driveDb: 1, width: 1.45, chorus: { rateHz: 0.3, centreSeconds: 0.012, depthSeconds: 0.003, mix: 0.35 } },
  toronto: { ...NEUTRAL, reverb: room(2.2, 25, 1, 0.75), reverbReturnDb: 2, delay: { beats: 0.5, feedback: 0.35, returnDb: -4 }, lowpassHz: 9000, lowShelfDb: 3, highShelfDb: -3, driveDb: 1, width: 1.15 },
  underwater: { ...NEUTRAL, reverb: room(3, 20, 1.2, 0.8), reverbReturnDb: 3, lowpassHz: 650, lowpassStages: 4, width: 1.1, chorus: { rateHz: 0.15, centreSeconds: 0.015, depthSeconds: 0.005, mix: 0.5 } },
  vancouver: { ...NEUTRAL, reverb: room(1.1, 12, 0.6, 0.15), reverbReturnDb: 1, delay: { beats: 0.375, feedback: 0.2, returnDb: -6 }, highpassHz: 35, lowShelfDb: -1, highShelfDb: 3.5, width: 1.35 },
  dm_house: { ...NEUTRAL, reverb: room(1.3, 10, 0.7, 0.35), delay: { beats: 0.75, feedback: 0.35, returnDb: -4 }, lowShelfDb: 1.5, highShelfDb: 2.5, driveDb: 2, width: 1.2, pumpDepth: 0.55, glueRatio: 3 },
  dm_electro_house: { ...NEUTRAL, reverb: room(0.9, 5, 0.5, 0.3), reverbReturnDb: -2, delay: { beats: 0.5, feedback: 0.25, returnDb: -6 }, highpassHz: 30, lowShelfDb: 2, highShelfDb: 3, driveDb: 9, width: 1.3, pumpDepth: 0.7, glueRatio: 3 },
  dm_chill_wave: { ...NEUTRAL, reverb: room(3.2, 40, 1.3, 0.5), reverbReturnDb: 4, delay: { beats: 0.75, feedback: 0.45, returnDb: -2 }, lowpassHz: 8500, highShelfDb: -1.5, width: 1.3, chorus: { rateHz: 0.25, centreSeconds: 0.01, depthSeconds: 0.003, mix: 0.3 }, wowFlutter: 0.4, pumpDepth: 0.35 },
} satisfies Record<string, MixStyle>;

export type MixStyleId = keyof typeof MIX_STYLES;
export const MIX_STYLE_IDS = Object.keys(MIX_STYLES) as MixStyleId[];

export function mixStyle(id: string): MixStyle {
  if (!(id in MIX_STYLES)) throw new Error(`Unknown mix style "${id}". Valid: ${MIX_STYLE_IDS.join(", ")}`);
  return MIX_STYLES[id as MixStyleId];
}
