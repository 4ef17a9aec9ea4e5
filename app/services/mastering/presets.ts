// GET /api/master_presets: the fourteen presets a–n with what each does, and the platforms' loudness targets.
import { MASTERING_PRESETS, PLATFORM_TARGETS, TRUE_PEAK_CEILING_DBTP } from "~/engine/master/presets";

export function masteringPresetList() {
  return {
    presets: MASTERING_PRESETS.map(({ letter, id, name, character }) => ({ letter, id, name, character })),
    platforms: PLATFORM_TARGETS.map(({ id, name, normalizationLufs, targetLufs, source }) => ({ id, name, normalizationLufs, targetLufs, source })),
    truePeakCeilingDbtp: TRUE_PEAK_CEILING_DBTP,
  };
}
