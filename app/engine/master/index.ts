export { integratedLoudness, blockLoudness } from "./loudness";
export { truePeak, truePeakDb } from "./truePeak";
export { limit, type LimiterSettings } from "./limiter";
export { master, type MasterResult } from "./masterChain";
export { MASTER_PRESETS, STANDARD_MASTER, type MasterPreset } from "./presets";
