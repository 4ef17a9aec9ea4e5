// Hand-made tracks for audio tests: a four-on-the-floor groove with bass, chords and a lead, so the sound
// half of the engine can be measured without depending on the composer's choices.

import type { DrumSound, PartName, SoundSource, TimedNote, Track } from "~/engine/types";

export interface FixtureOptions {
  tempoBpm: number;
  seconds: number;
  synthDrums?: boolean;
  bass?: SoundSource;
  chords?: SoundSource;
  lead?: SoundSource;
}

const GM_KICK = 36, GM_SNARE = 38, GM_CLOSED_HAT = 42;
const PROGRESSION = [[57, 60, 64], [53, 57, 60], [48, 52, 55], [55, 59, 62]];

export function fixtureTracks({ tempoBpm, seconds, synthDrums = false, bass, chords, lead }: FixtureOptions): Track[] {
  const beat = 60 / tempoBpm;
  const beats = Math.floor(seconds / beat) - 1;
  const drumNotes: TimedNote[] = [];
  const drumSounds: DrumSound["source"][] = [];
  const drum = (time: number, pitch: number, velocity: number, voice: "kick808" | "snare909" | "hat") => {
    drumNotes.push({ time, duration: 0.1, pitch, velocity });
    drumSounds.push(synthDrums ? { kind: "synth", voice } : { kind: "soundfont", bank: 128, program: 0, note: pitch });
  };
  const bassNotes: TimedNote[] = [];
  const chordNotes: TimedNote[] = [];
  const leadNotes: TimedNote[] = [];
  for (let b = 0; b < beats; b++) {
    const t = b * beat;
    drum(t, GM_KICK, 118, "kick808");
    if (b % 2 === 1) drum(t, GM_SNARE, 105, "snare909");
    drum(t + beat / 2, GM_CLOSED_HAT, 80, "hat");
    const chord = PROGRESSION[Math.floor(b / 4) % PROGRESSION.length];
    bassNotes.push({ time: t + beat / 2, duration: beat / 2, pitch: chord[0] - 24, velocity: 100, glide: b % 4 === 3 });
    if (b % 4 === 0) for (const pitch of chord) chordNotes.push({ time: t, duration: beat * 4 - 0.05, pitch, velocity: 80 });
    if (b % 2 === 0) leadNotes.push({ time: t, duration: beat * 0.9, pitch: chord[(b / 2) % 3] + 12, velocity: 95 });
  }
  const tracks: Track[] = [
    { part: "drums", source: null, notes: drumNotes, drumSounds },
    { part: "bass", source: bass ?? { kind: "soundfont", bank: 0, program: 33 }, notes: bassNotes },
    { part: "chords", source: chords ?? { kind: "soundfont", bank: 0, program: 0 }, notes: chordNotes },
    { part: "lead", source: lead ?? { kind: "soundfont", bank: 0, program: 80 }, notes: leadNotes },
  ];
  return tracks;
}

export const fixtureParts = (tracks: Track[]): PartName[] => tracks.map((t) => t.part);
