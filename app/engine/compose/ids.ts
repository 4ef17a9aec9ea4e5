// Stable ids. The composition id depends only on what shapes the notes, the production id only on what
// shapes the sounds, so "rewrite" (new notes, same sounds) and "reproduce" (same notes, new sounds) can
// each keep one id and change the other.
import { hashId } from "../theory/hash";
import type { Bpm, SongParams } from "../types";
import { composingNudges, readNotes } from "./notesKeywords";

export function compositionId(params: SongParams, tempo: Bpm): string {
  return hashId({
    kind: "composition",
    seed: params.seed,
    style: params.style,
    filter: params.filter,
    tempo,
    intensity: params.intensity,
    densities: params.densities,
    humanness: params.humanness,
    notes: composingNudges(readNotes(params.notes)),
  });
}

export function productionId(params: SongParams, productionSeed: number): string {
  return hashId({
    kind: "production",
    seed: productionSeed,
    style: params.style,
    filter: params.filter,
    ensemble: params.ensemble,
    drumKit: params.drumKit,
    instruments: params.instruments ?? {},
    drums: params.drums ?? {},
    mix: params.mix,
    sfx: params.sfx,
    levels: params.levels ?? {},
    intensity: params.intensity,
    instrumentHints: readNotes(params.notes).instrumentHints,
  });
}
