// The catalogue's public surface.
export type * from "./types";
export { STYLES } from "./styles";
export { FILTERS } from "./filters";
export { GROOVES } from "./grooves";
export { ARRANGEMENTS } from "./arrangements";
export { ENSEMBLES } from "./ensembles";
export { DRUM_KITS } from "./drumKits";
export { DRUM_SOUNDS, CRASH_NOTE, CYMBAL_NOTES } from "./drumSounds";
export { INSTRUMENTS } from "./instruments";
export { MIX_STYLES } from "./mixStyles";
export { AMBIENT_EFFECTS } from "./ambientEffects";
export { DRUM_KIND_INFO } from "./drumKinds";
export { CREATION_DEFAULTS, TEMPO_LIMITS, resolveTempo, defaultSongParams, type TempoLean } from "./defaults";
export {
  CatalogueError,
  getStyle,
  getFilter,
  getStyleFilter,
  getGroove,
  getArrangement,
  getEnsemble,
  getDrumKit,
  getInstrument,
  getDrumSound,
  getMixStyle,
  getAmbientEffect,
} from "./lookup";
export {
  SEARCH_PAGE_SIZE,
  searchInstruments,
  searchDrumSounds,
  instrumentGroups,
  instrumentTypes,
  instrumentSubtypes,
  drumSoundKits,
  type SearchPage,
  type InstrumentQuery,
  type DrumSoundQuery,
} from "./search";
