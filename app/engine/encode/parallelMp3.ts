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
import type { HostedRun } from "../threads/processHost";
import { encodeMp3Native, nativeLamePath, startLame } from "./nativeMp3";
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
 * is only read. Given the song's WavWriter, the WAV is quantised here (wav.complete says when) and the
 * LAME processes encode its own 16-bit PCM, both fed a second at a time from the start, so they encode
 * while the rest is quantised (the WebAssembly build encodes the float samples). `pause`, when given, is
 * awaited between those seconds (a background render giving way: LAME idles once it has encoded what it got).
 */
export async function encodeMp3Parallel(audio: StereoBuffer, wav?: WavWriter, pause?: () => Promise<void>): Promise<Uint8Array> {
  const lame = nativeLamePath();
  const n = audio.left.length;
  if (wav && !lame) wav.quantise(0, n);
  const whole = (): Promise<Uint8Array> => {
    if (!lame) return encodeMp3InWorker(audio);
    if (!wav) return encodeMp3Native(audio, lame);
    wav.quantise(0, n);
    const run = startLame(audio.sampleRate, lame);
    run.write(wav.pcm(0, n));
    return run.end();
  };
  if (n < MIN_SPLIT_SECONDS * audio.sampleRate) return whole();
  const middleFrame = Math.floor(n / 2 / SAMPLES_PER_FRAME);
  const secondStartFrame = middleFrame - WARMUP_FRAMES;
  const firstEnd = Math.min(n, (middleFrame + SEARCH_FRAMES + WARMUP_FRAMES) * SAMPLES_PER_FRAME);
  const secondStart = secondStartFrame * SAMPLES_PER_FRAME;
  let first: Uint8Array, second: Uint8Array;
  if (lame && wav) {
    const halves = [
      { lame: startLame(audio.sampleRate, lame), start: 0, end: firstEnd },
      { lame: startLame(audio.sampleRate, lame), start: secondStart, end: n },
    ];
    await feed(halves, wav, pause);
    [first, second] = await Promise.all(halves.map((half) => half.lame.end()));
  } else if (lame) {
    const slice16 = (start: number, end: number) => ({ sampleRate: audio.sampleRate, left: audio.left.subarray(start, end), right: audio.right.subarray(start, end) });
    [first, second] = await Promise.all([encodeMp3Native(slice16(0, firstEnd), lame), encodeMp3Native(slice16(secondStart, n), lame)]);
  } else {
    // The worker takes the second half; this thread encodes the first.
    const secondPending = encodeMp3InWorker(slice(audio, secondStart, n), { transfer: true });
    first = await encodeMp3(slice(audio, 0, firstEnd));
    second = await secondPending;
  }
  // Encoded again in one piece only when no splice point exists.
  return splice(first, second, secondStartFrame) ?? whole();
}

/** Frames quantised and sent to each LAME process per turn. */
const FEED_FRAMES = 44_100;

/**
 * Quantises each half's PCM a second at a time, in turns, and sends it to its LAME process; between turns
 * the event loop writes what was sent, so both processes start encoding at once.
 */
async function feed(halves: { lame: HostedRun; start: number; end: number }[], wav: WavWriter, pause?: () => Promise<void>): Promise<void> {
  for (let offset = 0; ; offset += FEED_FRAMES) {
    let fed = false;
    for (const { lame, start, end } of halves) {
      const from = start + offset;
      if (from >= end) continue;
      const to = Math.min(end, from + FEED_FRAMES);
      wav.quantise(from, to);
      lame.write(wav.pcm(from, to));
      fed = true;
    }
    if (!fed) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    await pause?.();
  }
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
