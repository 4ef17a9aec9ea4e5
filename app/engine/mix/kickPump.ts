// Side-chain "pumping" keyed from the kick: at each kick the gain dips to (1 - depth) within 5 ms and
// swells back over most of a beat (the channel strip applies the depth to the duck curve made here). Keyed from the kick notes rather than the drum stem's audio, because
// the drum stem also holds snares and hats that must not trigger it.

import type { Bpm, Samples, Track } from "../types";
import { SAMPLE_RATE } from "../types";

const GM_KICKS = new Set([35, 36]);
const ATTACK_SECONDS = 0.005;
const RECOVERY_BEATS = 0.7;

/** Start samples of every kick in the drum track, sorted. */
export function kickSamples(tracks: Track[]): Samples[] {
  const drums = tracks.find((t) => t.part === "drums");
  if (!drums) return [];
  const kicks: Samples[] = [];
  drums.notes.forEach((note, i) => {
    const sound = drums.drumSounds?.[i];
    const isKick = sound?.kind === "synth" ? sound.voice === "kick808" : GM_KICKS.has(sound?.kind === "soundfont" ? sound.note : note.pitch);
    if (isKick) kicks.push(Math.round(note.time * SAMPLE_RATE));
  });
  return kicks.sort((a, b) => a - b);
}

/**
 * How far the kick ducks each sample of a song, 0..1 (the gain is then 1 - depth × duck): a pure function
 * of the kicks, the tempo and the length, so a song's curve is kept (the last few, in shared memory, which
 * the stem worker's mixer reads too) and an edit that leaves the drums alone, even a new mix style with
 * another depth, uses it again.
 */
export function duckCurve(kicks: Samples[], tempoBpm: Bpm, length: number): Float32Array {
  const key = `${length}|${tempoBpm}|${kicks.length}|${kicks.join(",")}`;
  const kept = curves.find((curve) => curve.key === key);
  if (kept) return kept.duck;
  const duck = new Float32Array(new SharedArrayBuffer(length * Float32Array.BYTES_PER_ELEMENT));
  new KickDuck(kicks, tempoBpm).fill(duck, 0, length);
  curves.unshift({ key, duck });
  curves.length = Math.min(curves.length, KEEP_CURVES);
  return duck;
}

/** Curves kept: the song being edited and a pool song rendering meanwhile. */
const KEEP_CURVES = 2;
const curves: { key: string; duck: Float32Array }[] = [];

export class KickDuck {
  private next = 0;
  private lastKick = -Infinity;
  private readonly attack: number;
  private readonly recovery: number;

  constructor(private readonly kicks: Samples[], tempoBpm: Bpm) {
    this.attack = ATTACK_SECONDS * SAMPLE_RATE;
    this.recovery = (60 / tempoBpm) * RECOVERY_BEATS * SAMPLE_RATE;
  }

  /** Writes how far samples [start, start+count) duck (0..1) into `duck` (indices 0..count-1). */
  fill(duck: Float32Array, start: Samples, count: number): void {
    for (let n = 0; n < count; n++) {
      const i = start + n;
      while (this.next < this.kicks.length && this.kicks[this.next] <= i + this.attack) this.lastKick = this.kicks[this.next++];
      // The dip starts `attack` before the kick so the kick lands on the ducked signal.
      const since = i - (this.lastKick - this.attack);
      let amount: number;
      if (since < this.attack) amount = since / this.attack;
      else if (since < this.attack + this.recovery) {
        const r = (since - this.attack) / this.recovery;
        amount = 1 - r * Math.sqrt(r);
      }
      else amount = 0;
      duck[n] = Math.max(0, amount);
    }
  }
}
