export { integratedLoudness, blockLoudness, LoudnessMeter } from "./loudness";
export { truePeak, truePeakDb, TruePeakMeter } from "./truePeak";
export { limit, type LimiterSettings, type LimitedMeasurements } from "./limiter";
export { master, type MasterResult } from "./masterChain";
export { MASTER_PRESETS, STANDARD_MASTER, type MasterPreset } from "./presets";
