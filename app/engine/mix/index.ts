export { Mixer, mixStems, type MixOptions, type PartialMix } from "./mixer";
export { MIX_STYLES, MIX_STYLE_IDS, mixStyle, type MixStyle, type MixStyleId } from "./mixStyles";
export { PART_MIX, type PartMix } from "./partDefaults";
export { PUMPING_FILTERS } from "./pumpingFilters";
export { Reverb, type ReverbSettings } from "./reverb";
export { PingPongDelay, type DelaySettings } from "./delay";
