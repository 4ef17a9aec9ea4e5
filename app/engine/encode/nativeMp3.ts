// MP3 encoding with the LAME program (Debian package `lame`, LGPL) run as a separate process, when it is
// installed: natively compiled LAME encodes about twice as fast as the WebAssembly build, and runs outside
// Node entirely, so both halves of a song encode on both cores while this thread goes on with the WAV,
// peaks and MIDI. The processes are started by the process host (threads/processHost.ts), not by this
// large process. Without the program the engine uses the WebAssembly build (mp3.ts); the output format
// is the same (constant 192 kbps, joint stereo, no tag frame). See docs/decisions/013-native-lame.md.

import { accessSync, constants } from "node:fs";
import { runHosted, type HostedRun } from "../threads/processHost";
import type { StereoBuffer } from "../types";
import { MP3_KBPS } from "./mp3";

/** LAME's -q: 5 is its "good speed, good quality" setting; lower is slower for gains few can hear at 192k. */
const LAME_QUALITY = 5;

let located: string | null | undefined;

/**
 * The LAME program: LAME_PATH, else /usr/bin/lame; null when absent. SONGLOOM_MP3_ENCODER=wasm forces the
 * WebAssembly build (tests use it to cover both paths).
 */
export function nativeLamePath(): string | null {
  if (process.env.SONGLOOM_MP3_ENCODER === "wasm") return null;
  if (located !== undefined) return located;
  const candidate = process.env.LAME_PATH ?? "/usr/bin/lame";
  try {
    accessSync(candidate, constants.X_OK);
    located = candidate;
  } catch {
    located = null;
  }
  return located;
}

/** Interleaved signed 16-bit little-endian PCM, what LAME reads with -r. */
export function toPcm16(audio: StereoBuffer): Buffer {
  const n = audio.left.length;
  const pcm = Buffer.allocUnsafe(n * 4);
  const view = new Int16Array(pcm.buffer, pcm.byteOffset, n * 2);
  const { left, right } = audio;
  // Math.floor(x + 0.5) is Math.round(x) here, to the bit: x is a float32 times 32767, a multiple of
  // 2^-39 wherever it is near a half, so adding 0.5 never rounds. It is ~3× faster in V8, and this
  // conversion runs before LAME can start.
  for (let i = 0, j = 0; i < n; i++, j += 2) {
    let l = Math.floor(left[i] * 32767 + 0.5);
    let r = Math.floor(right[i] * 32767 + 0.5);
    if (l > 32767) l = 32767;
    else if (l < -32768) l = -32768;
    if (r > 32767) r = 32767;
    else if (r < -32768) r = -32768;
    view[j] = l;
    view[j + 1] = r;
  }
  return pcm;
}

/** Encodes 44.1 kHz stereo with the LAME program. Rejects with LAME's message if it fails. */
export function encodeMp3Native(audio: StereoBuffer, lamePath: string): Promise<Uint8Array> {
  return encodePcmNative(toPcm16(audio), audio.sampleRate, lamePath);
}

/** Encodes interleaved 16-bit little-endian stereo PCM (e.g. a WAV's data) with the LAME program. */
export function encodePcmNative(pcm: Uint8Array, sampleRate: number, lamePath: string): Promise<Uint8Array> {
  const lame = startLame(sampleRate, lamePath);
  lame.write(pcm);
  return lame.end();
}

/**
 * A LAME process (started by the process host, threads/processHost.ts) that is fed interleaved 16-bit
 * little-endian stereo PCM piece by piece (write), so it encodes while the rest is made; end() resolves
 * with the MP3.
 */
export function startLame(sampleRate: number, lamePath: string): HostedRun {
  const khz = String(sampleRate / 1000);
  const args = ["--silent", "-r", "-s", khz, "--bitwidth", "16", "--signed", "--little-endian", "-m", "j", "-b", String(MP3_KBPS), "--cbr", "-q", String(LAME_QUALITY), "-t", "--noreplaygain", "-", "-"];
  const run = runHosted(lamePath, args);
  return {
    write: run.write,
    end: () => run.end().catch((error: Error) => Promise.reject(new Error(`lame: ${error.message}`))),
  };
}
