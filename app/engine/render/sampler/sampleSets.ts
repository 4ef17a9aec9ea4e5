// Recorded sample sets with velocity layers, played instead of a General MIDI preset where one is installed
// (docs/decisions/035-sample-sets-and-performance.md). A set lists its recordings per velocity layer and root
// note; where its package is missing (an install without it) the SoundFont preset plays as before.
//
// The Salamander Grand Piano V3 (Alexander Holm, CC BY 3.0: attribution in docs/decisions/
// 003-dependencies-and-licences.md and the site's credits) is published on the npm registry one package per
// velocity layer (@audio-samples/piano-velocityN, N = 1..16: 30 stereo 48 kHz Ogg Vorbis recordings each,
// every minor third from A0 to C8). The engine installs the eight even layers: eight timbres from a soft
// touch to a full strike, half the download and memory of sixteen.

import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Midi } from "../../types";

export interface SampleZone {
  /** The recording's slot in the process's decoded-sample store (sampleStore.ts): unique over all sets. */
  slot: number;
  file: string;
  root: Midi;
  /** Velocities this layer answers, inclusive. */
  velocityLow: number;
  velocityHigh: number;
  layer: number;
}

export interface SampleSet {
  id: string;
  name: string;
  /** Velocity layers, softest first. */
  layers: number;
  /** After the key is released the note fades with this time constant (a damper). */
  releaseSeconds: number;
  /** Notes from this key up ring on after release (a piano's top octave and a half has no dampers). */
  undampedFrom: Midi;
  zones: SampleZone[];
}

/** GM programs (bank 0) a sample set replaces. */
const SETS_BY_PROGRAM = new Map<number, string>([[0, "salamander_piano"]]);

const PIANO_LAYER_PACKAGES = [2, 4, 6, 8, 10, 12, 14, 16];
const PIANO_NOTE_NAMES = ["C", "D#", "F#", "A"] as const;
const PITCH_CLASS: Record<(typeof PIANO_NOTE_NAMES)[number], number> = { C: 0, "D#": 3, "F#": 6, A: 9 };
/** Slots 1..: the piano's 8 layers × 30 roots. */
const PIANO_FIRST_SLOT = 1;

function packageDirectory(name: string): string | null {
  try {
    const require = createRequire(import.meta.url);
    return path.dirname(require.resolve(`${name}/package.json`));
  } catch {
    return null;
  }
}

function salamanderPiano(): SampleSet | null {
  const zones: SampleZone[] = [];
  const step = 128 / PIANO_LAYER_PACKAGES.length;
  for (const [layer, velocity] of PIANO_LAYER_PACKAGES.entries()) {
    const directory = packageDirectory(`@audio-samples/piano-velocity${velocity}`);
    if (!directory) return null;
    let rootIndex = 0;
    // A0, C1, D#1, F#1, A1 ... C8: every minor third (MIDI 21, 24, ..., 108).
    for (let root = 21; root <= 108; root += 3, rootIndex++) {
      const octave = Math.floor(root / 12) - 1;
      const name = PIANO_NOTE_NAMES.find((candidate) => PITCH_CLASS[candidate] === root % 12)!;
      zones.push({
        slot: PIANO_FIRST_SLOT + layer * 32 + rootIndex,
        file: path.join(directory, "audio", `${name}${octave}v${velocity}.ogg`),
        root,
        velocityLow: Math.round(layer * step) + 1,
        velocityHigh: Math.min(127, Math.round((layer + 1) * step)),
        layer,
      });
    }
  }
  if (!zones.every((zone) => existsSync(zone.file))) return null;
  return { id: "salamander_piano", name: "Salamander Grand Piano V3", layers: PIANO_LAYER_PACKAGES.length, releaseSeconds: 0.12, undampedFrom: 89, zones };
}

const loaded = new Map<string, SampleSet | null>();

export function sampleSet(id: string): SampleSet | null {
  if (!loaded.has(id)) loaded.set(id, id === "salamander_piano" ? salamanderPiano() : null);
  return loaded.get(id) ?? null;
}

/** The installed sample set that plays GM program `program` of bank `bank`, if any. */
export function sampleSetFor(bank: number, program: number): SampleSet | null {
  const id = bank === 0 ? SETS_BY_PROGRAM.get(program) : undefined;
  return id ? sampleSet(id) : null;
}

/** The recording that plays `pitch` at `velocity`: the velocity's layer, the nearest root (ties go down). */
export function zoneFor(set: SampleSet, pitch: Midi, velocity: number): SampleZone {
  const clamped = Math.max(1, Math.min(127, Math.round(velocity)));
  let best: SampleZone | null = null;
  for (const zone of set.zones) {
    if (clamped < zone.velocityLow || clamped > zone.velocityHigh) continue;
    if (!best || Math.abs(zone.root - pitch) < Math.abs(best.root - pitch)) best = zone;
  }
  return best ?? set.zones[0];
}
