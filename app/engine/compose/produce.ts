// produce(): which sounds play a composition. Per pitched part the instrument comes from the user's choice,
// else a keyword in the user's notes, else the ensemble, else the filter's defaults; per drum kind the sound
// comes from the user's choice, else the kit (whole_db_drums: the filter's kit and overrides). Where there
// are several candidates, the production seed picks one.
import { getAmbientEffect, getDrumKit, getDrumSound, getEnsemble, getFilter, getInstrument, getMixStyle } from "../catalogue";
import { deriveSeed } from "../theory/hash";
import { createRng } from "../theory/random";
import { DRUM_KINDS, type Composition, type DrumKind, type Gain, type PartName, type PitchedPart, type Production, type SongParams } from "../types";
import { productionId } from "./ids";
import { readNotes } from "./notesKeywords";

export function produce(params: SongParams, composition: Composition, productionSeed: number = params.seed): Production {
  const filter = getFilter(composition.filter);
  const ensemble = getEnsemble(params.ensemble);
  const kit = getDrumKit(params.drumKit);
  const hints = readNotes(params.notes).instrumentHints;

  const instruments: Partial<Record<PitchedPart, string>> = {};
  for (const part of composition.parts) {
    if (part === "drums") continue;
    const chosen = params.instruments?.[part] ?? hints[part];
    const fromEnsemble = ensemble.usesFilterDefaults ? undefined : ensemble.instruments[part];
    const candidates = chosen ? [chosen] : fromEnsemble ?? filter.instruments[part];
    if (!candidates || candidates.length === 0) throw new Error(`Filter ${filter.value} has no instrument for ${part}`);
    const id = createRng(deriveSeed(productionSeed, "instrument", part)).pick(candidates);
    instruments[part] = getInstrument(id).id;
  }

  const filterKit = getDrumKit(filter.drumKit);
  const drums = {} as Record<DrumKind, string>;
  for (const kind of DRUM_KINDS) {
    const chosen = params.drums?.[kind];
    const candidates = chosen
      ? [chosen]
      : kit.usesFilterDefaults
        ? filter.drumSounds?.[kind] ?? filterKit.sounds[kind]
        : kit.sounds[kind];
    if (!candidates || candidates.length === 0) throw new Error(`Drum kit ${kit.id} has no ${kind}`);
    const id = createRng(deriveSeed(productionSeed, "drum", kind)).pick(candidates);
    drums[kind] = getDrumSound(id).id;
  }

  const levels: Partial<Record<PartName, Gain>> = {};
  for (const part of composition.parts) levels[part] = params.levels?.[part] ?? 1;

  return {
    id: productionId(params, productionSeed),
    seed: productionSeed,
    ensemble: ensemble.id,
    drumKit: kit.id,
    instruments,
    drums,
    mix: getMixStyle(params.mix).id,
    sfx: getAmbientEffect(params.sfx).id,
    levels,
    intensity: params.intensity,
  };
}
