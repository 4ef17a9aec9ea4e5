// The contract between the stem renderer and the engine's own synth voices (render/voices, render/drums).
// A voice renders one note by ADDING into a stereo target; it never clears or allocates the target.

import type { Midi, Samples, Seconds, StereoBuffer, Velocity } from "../types";

export interface VoiceNote {
  startSample: Samples;
  /** How long the key is held; the release tail rings on after it. */
  gateSamples: Samples;
  pitch: Midi;
  velocity: Velocity;
  /** Portamento: the pitch this note slides from (set for notes with `glide` that follow another note). */
  glideFromPitch?: Midi;
  /** Per-note seed so noise and oscillator phases are deterministic yet not identical on every note. */
  seed: number;
}

export interface SynthVoice {
  /** Tail after the gate ends; the renderer uses it to size buffers and cut overlapping mono notes. */
  releaseSeconds: Seconds;
  /** Mono voices (basses, leads) hand over from note to note: the previous note is cut when the next starts. */
  monophonic: boolean;
  render(note: VoiceNote, target: StereoBuffer): void;
}

export interface DrumVoice {
  render(startSample: Samples, velocity: Velocity, pitch: Midi, seed: number, target: StereoBuffer): void;
}
