export { flushStemCacheWrites, prewarmRenderWorker, renderMix, type RenderMixRequest, type RenderMixResult } from "./renderMix";
export { WorkerThread } from "./workerThread";
export { prepareEditOffThread, renderFromPartsOffThread, renderPreviewOffThread, songThreadsMemory, songThreadSoundFonts, type SongThreadSoundFont } from "./renderOffThread";
export { mixVocalOffThread, type MixedVocalSong } from "./mixVocalOffThread";
export { renderPreviewsOffThread, masterSongOffThread, type RenderedPreviews, type RenderedMaster } from "./masteringOffThread";
