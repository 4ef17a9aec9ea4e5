// The mastering add-on's engine (docs/mastering.md): fourteen presets as data, their chain, previews,
// platform loudness targets and the measurements that show what each preset does.
export { MASTERING_PRESETS, PRESET_LETTERS, presetByLetter, type MasteringPreset, type PresetLetter } from "./catalogue";
export { masterWithPreset, measureLoudness, loudnessMatched, type ChainOptions, type Loudness, type MasteredAudio } from "./chain";
export { renderPreviews, type Preview, type PreviewSet, type PreviewOptions } from "./previews";
export { PLATFORM_TARGETS, PLATFORM_IDS, DEFAULT_PLATFORM, TRUE_PEAK_CEILING_DBTP, platformTarget, type PlatformId, type PlatformTarget } from "./platforms";
export { measureCharacter, octaveSpectrum, loudestWindowStart, SPECTRUM_CENTRES_HZ, type Character } from "./analysis";
export { spectrumSvg } from "./spectrumSvg";
