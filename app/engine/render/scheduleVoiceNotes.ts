// Turns a track's timed notes into VoiceNotes for a synth voice: seconds to samples, and for notes marked
// `glide`, the pitch they slide from. A note's gate is cut where the next starts when the voice is
// monophonic or the next note slides out of it.

import type { Seconds, TimedNote } from "../types";
import { SAMPLE_RATE } from "../types";
import type { VoiceNote } from "./voice";

/** A glide only connects notes that are (nearly) legato; after a rest the next note starts fresh. */
const GLIDE_GAP_SECONDS: Seconds = 0.25;

export function scheduleVoiceNotes(notes: TimedNote[], monophonic: boolean): VoiceNote[] {
  const sorted = [...notes].sort((a, b) => a.time - b.time || a.pitch - b.pitch);
  return sorted.map((note, index) => {
    const previous = index > 0 ? sorted[index - 1] : undefined;
    const next = sorted[index + 1];
    let gateSeconds = note.duration;
    if (next && next.time < note.time + gateSeconds && (monophonic || next.glide)) gateSeconds = Math.max(0.005, next.time - note.time);
    const legato = previous !== undefined && note.time - (previous.time + previous.duration) < GLIDE_GAP_SECONDS;
    return {
      startSample: Math.max(0, Math.round(note.time * SAMPLE_RATE)),
      gateSamples: Math.max(1, Math.round(gateSeconds * SAMPLE_RATE)),
      pitch: note.pitch,
      velocity: note.velocity,
      glideFromPitch: note.glide && legato && previous ? previous.pitch : undefined,
      seed: note.pitch,
    };
  });
}
