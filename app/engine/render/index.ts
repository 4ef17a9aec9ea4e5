export { renderStem, renderStems } from "./renderStem";
export { drainStemPool, recycleStem, takeStem } from "./stemPool";
export { SYNTH_VOICES } from "./voices";
export { SYNTH_DRUMS, type SynthDrumId } from "./drums";
export { loadSoundBank, soundFontPath, soundFontReport, type SoundFontReport } from "./soundBank";
export type { SynthVoice, DrumVoice, VoiceNote } from "./voice";
export { describeSound, type SoundDescription } from "./describeSound";
export { sampleStoreBytes } from "./sampler/sampleStore";
