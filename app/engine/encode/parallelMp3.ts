// MP3 encoding on both cores. The song is encoded as two overlapping halves at once; the streams are
// then spliced at a frame boundary where both encoders saw the same input. Two things make this exact
// enough to be inaudible:
// - The second half starts WARMUP_FRAMES before the splice, frame-aligned, so at the splice both
//   encoders are in the same state of mind and their frames cover the same samples (the MDCT overlap of
//   the last first-half frame and the first second-half frame then cancels as usual).
// - LAME's bit reservoir: the first kept second-half frame borrows `main_data_begin` bytes from the
//   frames before it. The splice is placed where the first half's next frame borrowed at least as many
//   bytes (those bytes belong to frames that are dropped), and the borrowed bytes are copied in there.
// If no such frame exists in the search window, the song is encoded in one piece.

import type { StereoBuffer } from "../types";
import { encodeMp3 } from "./mp3";
import { encodeMp3InWorker } from "./encodeMp3InWorker";
import { encodeMp3Native, encodePcmNative, nativeLamePath } from "./nativeMp3";
import type { WavWriter } from "./wav";
import { readMp3Frames, reservoirPositions, type Mp3FrameInfo } from "./mp3Frames";

const SAMPLES_PER_FRAME = 1152;
const WARMUP_FRAMES = 16;
const SEARCH_FRAMES = 64;
/** Shorter songs are not worth splitting. */
const MIN_SPLIT_SECONDS = 30;

const slice = (audio: StereoBuffer, start: number, end: number): StereoBuffer => ({
  sampleRate: audio.sampleRate,
  left: audio.left.slice(start, end),
  right: audio.right.slice(start, end),
});

/**
 * The whole song as one MP3, encoded in two halves on both cores: by two LAME processes when the program
 * is installed (nativeMp3.ts), else by this thread and the MP3 worker with the WebAssembly build. `audio`
 * is only read. Given the song's WavWriter, the LAME processes encode the WAV's own 16-bit PCM, the first
 * half starting while the second is quantised (the WebAssembly build encodes the float samples).
 */
export async function encodeMp3Parallel(audio: StereoBuffer, wav?: WavWriter): Promise<Uint8Array> {
  const lame = nativeLamePath();
  const n = audio.left.length;
  const pcmOf = (start: number, end: number): Uint8Array | null => {
    if (!wav) return null;
    wav.quantiseTo(end);
    return wav.pcm(start, end);
  };
  const native = (start: number, end: number): Promise<Uint8Array> => {
    const pcm = pcmOf(start, end);
    if (pcm) return encodePcmNative(pcm, audio.sampleRate, lame!);
    const part = start === 0 && end === n ? audio : { sampleRate: audio.sampleRate, left: audio.left.subarray(start, end), right: audio.right.subarray(start, end) };
    return encodeMp3Native(part, lame!);
  };
  const whole = () => (lame ? native(0, n) : encodeMp3InWorker(audio));
  if (n < MIN_SPLIT_SECONDS * audio.sampleRate) return whole();
  const middleFrame = Math.floor(n / 2 / SAMPLES_PER_FRAME);
  const secondStartFrame = middleFrame - WARMUP_FRAMES;
  const firstEnd = Math.min(n, (middleFrame + SEARCH_FRAMES + WARMUP_FRAMES) * SAMPLES_PER_FRAME);
  let first: Uint8Array, second: Uint8Array;
  if (lame) {
    // The first process starts before the second half's PCM exists.
    const firstPending = native(0, firstEnd);
    const secondPending = native(secondStartFrame * SAMPLES_PER_FRAME, n);
    [first, second] = await Promise.all([firstPending, secondPending]);
  } else {
    // The worker takes the second half; this thread encodes the first.
    const secondPending = encodeMp3InWorker(slice(audio, secondStartFrame * SAMPLES_PER_FRAME, n), { transfer: true });
    first = await encodeMp3(slice(audio, 0, firstEnd));
    second = await secondPending;
  }
  return splice(first, second, secondStartFrame) ?? whole();
}

/** Joins the streams at the first frame where the reservoir allows it; null if none does. */
function splice(first: Uint8Array, second: Uint8Array, secondStartFrame: number): Uint8Array | null {
  const a = readMp3Frames(first);
  const b = readMp3Frames(second);
  for (let g = WARMUP_FRAMES; g < WARMUP_FRAMES + SEARCH_FRAMES && g < b.length; g++) {
    const f = secondStartFrame + g;
    // Keep first-half frames whose successors exist, so every kept frame was fully encoded.
    if (f + 2 >= a.length) break;
    if (a[f].mainDataBegin >= b[g].mainDataBegin) return join(first, a, f, second, b, g);
  }
  return null;
}

function join(first: Uint8Array, a: Mp3FrameInfo[], f: number, second: Uint8Array, b: Mp3FrameInfo[], g: number): Uint8Array {
  const headLength = a[f].offset;
  const out = new Uint8Array(headLength + second.length - b[g].offset);
  out.set(first.subarray(0, headLength));
  out.set(second.subarray(b[g].offset), headLength);
  // The reservoir bytes frame g borrows replace bytes that only dropped first-half frames used.
  const borrowed = b[g].mainDataBegin;
  const targets = reservoirPositions(a, f, borrowed);
  const sources = reservoirPositions(b, g, borrowed);
  for (let k = 0; k < borrowed; k++) out[targets[k]] = second[sources[k]];
  return out;
}
