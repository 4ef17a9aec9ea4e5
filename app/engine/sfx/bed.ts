// An ambient bed renders its sound into an empty stereo buffer using a seeded random source. Its level
// under the music is set afterwards by measurement (ambientLevels.ts), so beds need no calibration.

import type { StereoBuffer } from "../types";
import type { Random } from "../dsp/random";

export type AmbientBed = (out: StereoBuffer, random: Random) => void;
