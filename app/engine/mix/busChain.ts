// The mix bus after the parts are summed: the style's filters and tone, chorus, tape wobble, drive,
// stereo width, glue compression and vinyl crackle, in the order a mixing engineer would patch them.
// Intensity nudges brightness and drive. Processes the mix in place, block by block.

import type { StereoBuffer } from "../types";
import { Biquad, type BiquadSettings } from "../dsp/biquad";
import { Compressor } from "../dsp/compressor";
import { Chorus } from "./chorus";
import type { MixStyle } from "./mixStyles";
import { saturate } from "./saturation";
import { VinylCrackle } from "./vinylCrackle";
import { WowFlutter } from "./wowFlutter";

/** Glue threshold in dBFS: stems are gain-staged so the bus sits around −15 LUFS. */
const GLUE_THRESHOLD_DB = -12;

export class BusChain {
  private readonly leftFilters: Biquad[] = [];
  private readonly rightFilters: Biquad[] = [];
  private readonly chorus: Chorus | null;
  private readonly wowFlutter: WowFlutter | null;
  private readonly crackle: VinylCrackle | null;
  private readonly glue: Compressor;
  private readonly driveDb: number;

  /** `intensity` 1..10: above 5 brightens and drives the bus, below 5 darkens it. */
  constructor(private readonly style: MixStyle, intensity: number, seed: number) {
    const add = (settings: BiquadSettings) => {
      this.leftFilters.push(new Biquad(settings));
      this.rightFilters.push(new Biquad(settings));
    };
    if (style.highpassHz) add({ shape: "highpass", frequencyHz: style.highpassHz, q: 0.707 });
    if (style.lowpassHz) for (let s = 0; s < style.lowpassStages; s++) add({ shape: "lowpass", frequencyHz: style.lowpassHz, q: 0.707 });
    const brightnessDb = (intensity - 5) * 0.5;
    if (style.lowShelfDb) add({ shape: "lowshelf", frequencyHz: 120, q: 0.7, gainDb: style.lowShelfDb });
    if (style.highShelfDb || brightnessDb) add({ shape: "highshelf", frequencyHz: 6000, q: 0.7, gainDb: style.highShelfDb + brightnessDb });
    this.chorus = style.chorus ? new Chorus(style.chorus) : null;
    this.wowFlutter = style.wowFlutter > 0 ? new WowFlutter(style.wowFlutter) : null;
    this.crackle = style.crackle > 0 ? new VinylCrackle(style.crackle, seed) : null;
    this.driveDb = style.driveDb + Math.max(0, intensity - 5) * 0.8;
    this.glue = new Compressor({ thresholdDb: GLUE_THRESHOLD_DB, ratio: style.glueRatio, attackSeconds: 0.02, releaseSeconds: 0.3, kneeDb: 8 });
  }

  process(mix: StereoBuffer, start: number, count: number): void {
    const { left, right } = mix;
    Biquad.processStereoChain(this.leftFilters, this.rightFilters, left, right, start, count);
    this.chorus?.process(left, right, start, count);
    this.wowFlutter?.process(left, right, start, count);
    saturate(left, right, start, count, this.driveDb);
    const width = this.style.width;
    if (width !== 1) {
      for (let i = start, end = start + count; i < end; i++) {
        const mid = 0.5 * (left[i] + right[i]);
        const side = 0.5 * (left[i] - right[i]) * width;
        left[i] = mid + side;
        right[i] = mid - side;
      }
    }
    this.glue.process(left, right, start, count);
    this.crackle?.process(left, right, start, count);
  }
}
