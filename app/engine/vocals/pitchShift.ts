// Pitch-shifting a sung take by TD-PSOLA, following the take's own changing pitch: a voiced stretch is cut
// into two-period Hann grains one period apart, and the grains are laid down again one *new* period apart,
// taking at each output point the grain analysed nearest to it in time. Pitch changes, duration does not.
// Unvoiced audio (breaths, consonants, silence) is copied through untouched, with 10 ms crossfades at the
// edges of each shifted run. (repitch.ts is the variant for flat-pitch synthesised sources.)
import type { Hertz } from "../types";

export interface ShiftPlan {
  /** Samples between frames; frame f describes sample f * hop. */
  hop: number;
  /** The take's pitch per frame, 0 where unvoiced (nothing is shifted there). */
  hz: Float32Array;
  /** Shift per frame in semitones (positive raises). */
  semitones: Float32Array;
}

const WINDOW_TABLE = 2048;
const FADE_SECONDS = 0.01;
/** Runs whose shift never exceeds this (in semitones, about 0.3 cents) are left as they are. */
const NO_SHIFT = 0.003;
/** Where the windows barely overlap (edges of a run), the original is kept. */
const MIN_WINDOW_SUM = 0.2;

const hannTable = Float32Array.from({ length: WINDOW_TABLE + 1 }, (_, index) => 0.5 - 0.5 * Math.cos((2 * Math.PI * index) / WINDOW_TABLE));

/** Linear interpolation of a per-frame curve at a sample position. */
function atSample(curve: Float32Array, hop: number, sample: number): number {
  const position = sample / hop;
  const frame = Math.floor(position);
  if (frame < 0) return curve[0];
  if (frame >= curve.length - 1) return curve[curve.length - 1];
  const fraction = position - frame;
  return curve[frame] + (curve[frame + 1] - curve[frame]) * fraction;
}

/** Runs of voiced frames, as [first, end) frame ranges. */
function voicedRuns(hz: Float32Array): [number, number][] {
  const runs: [number, number][] = [];
  let start = -1;
  for (let frame = 0; frame <= hz.length; frame++) {
    const voiced = frame < hz.length && hz[frame] > 0;
    if (voiced && start < 0) start = frame;
    if (!voiced && start >= 0) {
      runs.push([start, frame]);
      start = -1;
    }
  }
  return runs;
}

/** Shifts one run [from, to) of samples; writes the crossfaded result into `out`. */
function shiftRun(signal: Float32Array, out: Float32Array, sampleRate: number, semitonesAt: (sample: number) => number, from: number, to: number, hzAt: (sample: number) => Hertz): void {
  const maxPeriod = Math.ceil(sampleRate / 40);
  const base = from - maxPeriod;
  const length = to - from + 2 * maxPeriod;
  const summed = new Float32Array(length);
  const weights = new Float32Array(length);

  const marks: number[] = [];
  for (let mark = from; mark < to + maxPeriod; mark += sampleRate / hzAt(mark)) marks.push(mark);

  let nearest = 0;
  for (let time = from; time < to; ) {
    while (nearest + 1 < marks.length && Math.abs(marks[nearest + 1] - time) <= Math.abs(marks[nearest] - time)) nearest++;
    const analysisCentre = Math.round(marks[nearest]);
    const period = Math.max(2, Math.round(sampleRate / hzAt(analysisCentre)));
    const synthesisCentre = Math.round(time);
    const scale = WINDOW_TABLE / (2 * period);
    for (let offset = -period; offset <= period; offset++) {
      const source = analysisCentre + offset;
      const target = synthesisCentre + offset - base;
      if (source < 0 || source >= signal.length || target < 0 || target >= length) continue;
      const weight = hannTable[Math.round((offset + period) * scale)];
      summed[target] += signal[source] * weight;
      weights[target] += weight;
    }
    time += sampleRate / hzAt(time) / Math.pow(2, semitonesAt(time) / 12);
  }

  const fade = Math.max(1, Math.min(Math.round(FADE_SECONDS * sampleRate), Math.floor((to - from) / 4)));
  for (let sample = from; sample < to; sample++) {
    const weight = weights[sample - base];
    if (weight < MIN_WINDOW_SUM) continue;
    const edge = Math.min(1, (sample - from) / fade, (to - 1 - sample) / fade);
    out[sample] = signal[sample] * (1 - edge) + (summed[sample - base] / weight) * edge;
  }
}

/** The signal with its voiced runs shifted by the plan's semitones; the length is unchanged. */
export function pitchShift(signal: Float32Array, sampleRate: number, plan: ShiftPlan): Float32Array {
  if (plan.hz.length !== plan.semitones.length) throw new RangeError("pitch and shift curves differ in length");
  const out = signal.slice();
  for (const [first, end] of voicedRuns(plan.hz)) {
    let largest = 0;
    for (let frame = first; frame < end; frame++) largest = Math.max(largest, Math.abs(plan.semitones[frame]));
    if (largest < NO_SHIFT) continue;
    const firstSample = first * plan.hop;
    // Curves inside the run only: interpolating towards an unvoiced 0 Hz would mean endless periods.
    const hzCurve = plan.hz.subarray(first, end);
    const shiftCurve = plan.semitones.subarray(first, end);
    const hzAt = (sample: number) => Math.max(40, atSample(hzCurve, plan.hop, sample - firstSample));
    const semitonesAt = (sample: number) => atSample(shiftCurve, plan.hop, sample - firstSample);
    const from = Math.max(0, firstSample - Math.floor(plan.hop / 2));
    const to = Math.min(signal.length, (end - 1) * plan.hop + Math.ceil(plan.hop / 2));
    if (to - from > 8) shiftRun(signal, out, sampleRate, semitonesAt, from, to, hzAt);
  }
  return out;
}
