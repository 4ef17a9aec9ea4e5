// Songs repeat themselves: a 4-chord loop plays the same dozen notes for three minutes. Rendering is
// linear (a stem is the sum of its notes), so each distinct note (sound, pitch, velocity, gate) is
// rendered once and then added at every position it occurs. This makes stem rendering several times
// faster than running the synthesiser through the whole song, with identical output apart from voice
// interactions we deliberately model elsewhere (hi-hat choke).

import type { Samples, StereoBuffer } from "../types";
import { SAMPLE_RATE } from "../types";

/** Velocities within this bucket share one rendering (±2 velocity steps are inaudible). */
export const VELOCITY_BUCKET = 4;
/** Gates within this bucket share one rendering. */
export const GATE_BUCKET_SAMPLES: Samples = Math.round(0.01 * SAMPLE_RATE);
/** Below this level (−80 dBFS, under the 16-bit noise floor once mixed and mastered) a tail is trimmed. */
const SILENCE = 1e-4;
/** Fade applied where a choked note (open hat) is cut. */
const CHOKE_FADE_SAMPLES: Samples = Math.round(0.005 * SAMPLE_RATE);

export const bucketVelocity = (velocity: number): number =>
  Math.min(127, Math.max(1, Math.round(velocity / VELOCITY_BUCKET) * VELOCITY_BUCKET));
export const bucketGate = (gate: Samples): Samples => Math.max(GATE_BUCKET_SAMPLES, Math.round(gate / GATE_BUCKET_SAMPLES) * GATE_BUCKET_SAMPLES);

export class NoteCache {
  private readonly notes = new Map<string, StereoBuffer>();

  get size(): number {
    return this.notes.size;
  }

  has(key: string): boolean {
    return this.notes.has(key);
  }

  /** The rendered note for `key`, rendering it with `render` the first time. */
  get(key: string, render: () => StereoBuffer): StereoBuffer {
    let note = this.notes.get(key);
    if (!note) {
      note = trimTail(render());
      this.notes.set(key, note);
    }
    return note;
  }
}

/** Copies the audible part of a scratch rendering into a right-sized buffer. */
function trimTail(buffer: StereoBuffer): StereoBuffer {
  let end = buffer.left.length;
  while (end > 0 && Math.abs(buffer.left[end - 1]) < SILENCE && Math.abs(buffer.right[end - 1]) < SILENCE) end--;
  return { sampleRate: buffer.sampleRate, left: buffer.left.slice(0, end), right: buffer.right.slice(0, end) };
}

/** Adds a rendered note into the stem at `startSample`, optionally choked (faded out) at `cutSample`. */
export function pasteNote(stem: StereoBuffer, note: StereoBuffer, startSample: Samples, cutSample: Samples = Infinity): void {
  const from = Math.max(0, startSample);
  const end = Math.min(stem.left.length, startSample + note.left.length, cutSample + CHOKE_FADE_SAMPLES);
  const steadyEnd = Math.min(end, cutSample);
  const sl = stem.left, sr = stem.right, nl = note.left, nr = note.right;
  for (let i = from; i < steadyEnd; i++) {
    sl[i] += nl[i - startSample];
    sr[i] += nr[i - startSample];
  }
  for (let i = Math.max(from, steadyEnd); i < end; i++) {
    const gain = 1 - (i - cutSample) / CHOKE_FADE_SAMPLES;
    sl[i] += nl[i - startSample] * gain;
    sr[i] += nr[i - startSample] * gain;
  }
}
