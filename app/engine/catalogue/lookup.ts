// Lookups by id over the catalogue data. An unknown id is a caller's mistake, so it throws a CatalogueError
// naming what was asked for.
import type { DrumSound, Instrument } from "../types";
import { AMBIENT_EFFECTS } from "./ambientEffects";
import { ARRANGEMENTS } from "./arrangements";
import { DRUM_KITS } from "./drumKits";
import { DRUM_SOUNDS } from "./drumSounds";
import { ENSEMBLES } from "./ensembles";
import { FILTERS } from "./filters";
import { GROOVES } from "./grooves";
import { INSTRUMENTS } from "./instruments";
import { MIX_STYLES } from "./mixStyles";
import { STYLES } from "./styles";
import type { AmbientEffect, ArrangementTemplate, DrumKit, Ensemble, Filter, Groove, MixStyle, Style } from "./types";

export class CatalogueError extends Error {
  constructor(what: string, id: string) {
    super(`Unknown ${what}: "${id}"`);
    this.name = "CatalogueError";
  }
}

function indexBy<T>(what: string, items: readonly T[], idOf: (item: T) => string): (id: string) => T {
  const byId = new Map(items.map((item) => [idOf(item), item]));
  return (id) => {
    const item = byId.get(id);
    if (!item) throw new CatalogueError(what, id);
    return item;
  };
}

export const getStyle: (value: string) => Style = indexBy("style", STYLES, (style) => style.value);
export const getFilter: (value: string) => Filter = indexBy("filter", FILTERS, (filter) => filter.value);
export const getGroove: (id: string) => Groove = indexBy("groove", GROOVES, (groove) => groove.id);
export const getArrangement: (id: string) => ArrangementTemplate = indexBy("arrangement", ARRANGEMENTS, (template) => template.id);
export const getEnsemble: (id: string) => Ensemble = indexBy("ensemble", ENSEMBLES, (ensemble) => ensemble.id);
export const getDrumKit: (id: string) => DrumKit = indexBy("drum kit", DRUM_KITS, (kit) => kit.id);
export const getInstrument: (id: string) => Instrument = indexBy("instrument", INSTRUMENTS, (instrument) => instrument.id);
export const getDrumSound: (id: string) => DrumSound = indexBy("drum sound", DRUM_SOUNDS, (sound) => sound.id);
export const getMixStyle: (id: string) => MixStyle = indexBy("mix style", MIX_STYLES, (mix) => mix.id);
export const getAmbientEffect: (id: string) => AmbientEffect = indexBy("ambient effect", AMBIENT_EFFECTS, (effect) => effect.id);

/** The filter of a style, checking that it belongs to that style. */
export function getStyleFilter(styleValue: string, filterValue: string): Filter {
  const style = getStyle(styleValue);
  if (!style.filters.includes(filterValue)) throw new CatalogueError(`filter of style ${styleValue}`, filterValue);
  return getFilter(filterValue);
}
