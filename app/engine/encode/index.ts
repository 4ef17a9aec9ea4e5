export { encodeWav } from "./wav";
export { encodeMp3, MP3_KBPS } from "./mp3";
export { encodeMp3InWorker, prewarmMp3Worker } from "./encodeMp3InWorker";
export { encodeMp3Parallel } from "./parallelMp3";
export { readMp3Frames, type Mp3FrameInfo } from "./mp3Frames";
export { waveformPeaks, type WaveformPeaks } from "./peaks";
export { songPeaks, type SongPeaks, SONG_PEAK_PAIRS, SEGMENT_PEAK_PAIRS } from "./songPeaks";
export { songDescription, type SongDescription } from "./description";
export { toMidiFile } from "./midi";
