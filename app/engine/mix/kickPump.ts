// Side-chain "pumping" keyed from the kick: at each kick the gain dips to (1 - depth) within 5 ms and
// swells back over most of a beat. Keyed from the kick notes rather than the drum stem's audio, because
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

export class KickPump {
  private next = 0;
  private lastKick = -Infinity;
  private readonly attack: number;
  private readonly recovery: number;

  constructor(private readonly kicks: Samples[], private readonly depth: number, tempoBpm: Bpm) {
    this.attack = ATTACK_SECONDS * SAMPLE_RATE;
    this.recovery = (60 / tempoBpm) * RECOVERY_BEATS * SAMPLE_RATE;
  }

  /** Writes the ducking gain for samples [start, start+count) into `gain` (indices 0..count-1). */
  fill(gain: Float32Array, start: Samples, count: number): void {
    for (let n = 0; n < count; n++) {
      const i = start + n;
      while (this.next < this.kicks.length && this.kicks[this.next] <= i + this.attack) this.lastKick = this.kicks[this.next++];
      // The dip starts `attack` before the kick so the kick lands on the ducked signal.
      const since = i - (this.lastKick - this.attack);
      let duck: number;
      if (since < this.attack) duck = since / this.attack;
      else if (since < this.attack + this.recovery) {
        const r = (since - this.attack) / this.recovery;
        duck = 1 - r * Math.sqrt(r);
      }
      else duck = 0;
      gain[n] = 1 - this.depth * Math.max(0, duck);
    }
  }
}
