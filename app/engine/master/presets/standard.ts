// The song pipeline's own master ("standard", the streaming default every render ends with). The mastering
// add-on's presets a..n are in catalogue.ts and run through chain.ts, whose limiter stage is a MasterPreset too.

import type { Decibels, Lufs } from "../../types";

export interface MasterPreset {
  id: string;
  /** Integrated loudness the master is brought to. */
  targetLufs: Lufs;
  /** Maximum true peak, dBTP, of every file users get, the MP3 included. */
  ceilingDbtp: Decibels;
  /**
   * How far under the ceiling the master puts the PCM's true peak: MP3 encoding adds inter-sample
   * overshoot (measured 0.3–0.7 dB at 192 kbps), so the decoded MP3 stays under the ceiling too.
   */
  codecHeadroomDb: Decibels;
  /** Broad tone tilt: low shelf (100 Hz) and high shelf (8 kHz) gains. */
  lowShelfDb: Decibels;
  highShelfDb: Decibels;
  /** Bus compressor: threshold relative to the programme's loudness, and ratio. */
  compressorThresholdLu: Decibels;
  compressorRatio: number;
}

export const STANDARD_MASTER: MasterPreset = {
  id: "standard",
  targetLufs: -14,
  ceilingDbtp: -1,
  codecHeadroomDb: 1,
  lowShelfDb: 0.5,
  highShelfDb: 1,
  compressorThresholdLu: 4,
  compressorRatio: 2,
};

export const MASTER_PRESETS: Record<string, MasterPreset> = { standard: STANDARD_MASTER };
