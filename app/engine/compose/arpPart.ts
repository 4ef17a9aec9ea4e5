// The arpeggio: the current chord's tones, an octave up, cycled up, down or up-and-down at the filter's rate.
import { chordFromNumeral } from "../theory/chords";
import { voiceChord } from "../theory/voicing";
import { STEPS_PER_SEGMENT, type Midi, type Note } from "../types";
import { velocityFor } from "./dynamics";
import { chordAt } from "./harmony";
import type { PartContext } from "./partContext";
import { PAD_REGISTER } from "./padPart";

const DEFAULT_ARP = { stepsPerNote: 2, shape: "updown" } as const;

export function writeArp(context: PartContext): Note[] {
  const { chords, segment, intensity, key } = context;
  const arp = context.filter.arp ?? DEFAULT_ARP;
  // Sparse chord density halves the arp's speed.
  const stepsPerNote = context.density < 0.3 ? arp.stepsPerNote * 2 : arp.stepsPerNote;
  const notes: Note[] = [];
  let tones: Midi[] = [];
  let currentChordStep = -1;
  let index = 0;
  for (let step = 0; step < STEPS_PER_SEGMENT; step += stepsPerNote) {
    const event = chordAt(chords, step);
    if (event.step !== currentChordStep) {
      currentChordStep = event.step;
      const voiced = voiceChord(chordFromNumeral(key, event.numeral), null, PAD_REGISTER);
      tones = arpOrder([...voiced, voiced[0] + 12], arp.shape);
      index = 0;
    }
    const accent = step % 4 === 0 ? "normal" : "ghost";
    const velocity = Math.max(50, Math.round(velocityFor(accent, segment.energy, intensity) * 0.85));
    notes.push({ step, micro: 0, length: stepsPerNote * 0.9, pitch: tones[index % tones.length], velocity });
    index++;
  }
  return notes;
}

function arpOrder(ascending: Midi[], shape: "up" | "down" | "updown"): Midi[] {
  if (shape === "up") return ascending;
  if (shape === "down") return [...ascending].reverse();
  return [...ascending, ...ascending.slice(1, -1).reverse()];
}
