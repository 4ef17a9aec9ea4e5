export { integratedLoudness, blockLoudness, LoudnessMeter } from "./loudness";
export { truePeak, truePeakDb, TruePeakMeter } from "./truePeak";
export { type LimiterSettings, type LimitedMeasurements } from "./limiter";
export { master, masterOnTwoThreads, type FirstSeconds, type MasterResult, type RightChannelThread } from "./masterChain";
export { runChannelOp, type ChannelOp, type ChannelOpResult } from "./channelShare";
export { MASTER_PRESETS, STANDARD_MASTER, type MasterPreset } from "./presets/standard";
