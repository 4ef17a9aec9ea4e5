// A user's recorded or uploaded take turned into a produced vocal. With auto-vocal (compositionEffect
// "v2_autovocal") the take is aligned to the beat, auto-tuned to the song's key and chords per the pitch
// effect, then given the production effect; without it, only the production effect is applied (spec 1 §3).
import type { Composition, Seconds, StereoBuffer } from "../types";
import { SAMPLE_RATE } from "../types";
import { alignTake } from "./align";
import type { PhraseNudge } from "./phraseNudges";
import { autotune, PITCH_EFFECTS, type PitchEffect } from "./autotune";
import { toMono, type DecodedAudio } from "./decode";
import { PRODUCTION_EFFECT_IDS, type ProductionEffectId } from "./productionEffect";
import { produceVocal } from "./vocalChain";

export type CompositionEffect = "v2_autovocal";
export const COMPOSITION_EFFECTS: readonly CompositionEffect[] = ["v2_autovocal"];

export interface TakeOptions {
  compositionEffect?: CompositionEffect;
  pitchEffect?: PitchEffect;
  productionEffect: ProductionEffectId;
}

export interface ProcessTakeInput {
  take: DecodedAudio;
  composition: Composition;
  autoVocal: boolean;
  options: TakeOptions;
  /** Millisecond clock for the report's timings (wall-clock by default; the bench passes CPU time). */
  clock?: () => number;
}

export interface TakeReport {
  autoVocal: boolean;
  pitchEffect: PitchEffect | null;
  productionEffect: ProductionEffectId;
  /** How much earlier the take was moved to sit on the beat. */
  offsetSeconds: Seconds;
  /** Phrases moved on their own after the global offset (earlier when positive), up to ±40 ms. */
  phraseNudges: PhraseNudge[];
  /** Mean fit of the take's onsets to the beat grid after alignment (0 = none on it). */
  gridFit: number;
  notes: number;
  /** Notes whose centre moved by more than 5 cents. */
  correctedNotes: number;
  /** Mean absolute distance from sung centre to target, in cents. */
  meanCorrectionCents: number;
  /** Time per stage by `clock` (wall-clock unless given); autotune's pitch tracking, onsets and shifting are also given apart. */
  timingsMs: { align: number; autotune: number; pitch: number; onsets: number; shift: number; production: number; total: number };
}

export interface ProcessedTake {
  vocal: StereoBuffer;
  offsetSeconds: Seconds;
  report: TakeReport;
}

/** Bad options: the web layer answers 400 naming `field`. */
export class TakeOptionsError extends Error {
  constructor(readonly field: string, reason: string) {
    super(`${field}: ${reason}`);
    this.name = "TakeOptionsError";
  }
}

function checkOptions(options: TakeOptions): void {
  const oneOf = (field: string, value: unknown, allowed: readonly string[]) => {
    if (value !== undefined && !allowed.includes(value as string)) {
      throw new TakeOptionsError(field, `unknown value ${JSON.stringify(value)} (expected one of ${allowed.join(", ")})`);
    }
  };
  oneOf("options.compositionEffect", options.compositionEffect, COMPOSITION_EFFECTS);
  oneOf("options.pitchEffect", options.pitchEffect, PITCH_EFFECTS);
  if (options.productionEffect === undefined) throw new TakeOptionsError("options.productionEffect", "is required");
  oneOf("options.productionEffect", options.productionEffect, PRODUCTION_EFFECT_IDS);
}

export function processTake({ take, composition, autoVocal, options, clock = () => performance.now() }: ProcessTakeInput): ProcessedTake {
  checkOptions(options);
  if (take.sampleRate !== SAMPLE_RATE) throw new TakeOptionsError("take", `must be decoded to ${SAMPLE_RATE} Hz, got ${take.sampleRate}`);
  if (take.channels.length < 1 || take.channels.length > 2) throw new TakeOptionsError("take", `must have 1 or 2 channels, got ${take.channels.length}`);
  if (take.channels.some((channel) => channel.length !== take.channels[0].length)) throw new TakeOptionsError("take", "channels differ in length");
  if (take.channels[0].length === 0) throw new TakeOptionsError("take", "holds no audio");
  const started = clock();
  let signal = toMono(take);
  let offsetSeconds = 0;
  let gridFit = 0;
  let onsetTimes: Seconds[] | undefined;
  let phraseNudges: PhraseNudge[] = [];
  let pitchEffect: PitchEffect | null = null;
  let notes: { sung: number; target: number }[] = [];
  let autotuneTimings = { pitch: 0, onsets: 0, shift: 0 };
  const alignStart = clock();
  if (autoVocal) {
    const alignment = alignTake(signal, SAMPLE_RATE, composition.tempo);
    signal = alignment.aligned;
    offsetSeconds = alignment.offsetSeconds;
    gridFit = alignment.fit;
    onsetTimes = alignment.onsetTimes;
    phraseNudges = alignment.nudges;
  }
  const autotuneStart = clock();
  if (autoVocal) {
    pitchEffect = options.pitchEffect ?? "avpr_mild";
    const tuned = autotune(signal, SAMPLE_RATE, composition, pitchEffect, onsetTimes, clock);
    signal = tuned.tuned;
    notes = tuned.notes;
    autotuneTimings = tuned.timingsMs;
  }
  const productionStart = clock();
  // produceVocal sets the take's level for the chain first: a take arrives at whatever level it was recorded.
  const vocal = produceVocal(signal, SAMPLE_RATE, options.productionEffect);
  const finished = clock();
  const corrections = notes.map((note) => Math.abs(note.target - note.sung) * 100);
  return {
    vocal,
    offsetSeconds,
    report: {
      autoVocal,
      pitchEffect,
      productionEffect: options.productionEffect,
      offsetSeconds,
      phraseNudges,
      gridFit,
      notes: notes.length,
      correctedNotes: corrections.filter((cents) => cents > 5).length,
      meanCorrectionCents: corrections.length ? corrections.reduce((sum, cents) => sum + cents, 0) / corrections.length : 0,
      timingsMs: {
        align: autotuneStart - alignStart,
        autotune: productionStart - autotuneStart,
        ...autotuneTimings,
        production: finished - productionStart,
        total: finished - started,
      },
    },
  };
}
