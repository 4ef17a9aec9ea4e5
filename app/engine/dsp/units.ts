// Conversions between the engine's units. Kept together because every DSP folder needs them.

import type { Decibels, Gain, Hertz, Midi, Samples, Seconds } from "../types";
import { SAMPLE_RATE } from "../types";

export const dbToGain = (db: Decibels): Gain => Math.pow(10, db / 20);
export const gainToDb = (gain: Gain): Decibels => (gain <= 0 ? -Infinity : 20 * Math.log10(gain));
export const midiToHz = (pitch: Midi): Hertz => 440 * Math.pow(2, (pitch - 69) / 12);
export const secondsToSamples = (seconds: Seconds, sampleRate: number = SAMPLE_RATE): Samples =>
  Math.round(seconds * sampleRate);
/** One-pole smoothing coefficient reaching ~63 % of a step in `seconds`. */
export const onePoleCoefficient = (seconds: Seconds, sampleRate: number = SAMPLE_RATE): number =>
  seconds <= 0 ? 0 : Math.exp(-1 / (seconds * sampleRate));
