// Whole-song checks for issue 23 ("Done when"): render a song through the real engine with its MP3, decode
// the MP3 (what users hear) and measure it; the tempo is found by an outside detector, aubio (Debian
// aubio-tools), run on the decoded audio written as a WAV.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defaultSongParams } from "~/engine/catalogue";
import { encodeWav } from "~/engine/encode";
import { integratedLoudness, truePeakDb } from "~/engine/master";
import { renderSong } from "~/engine/pipeline";
import type { Composition, StereoBuffer } from "~/engine/types";
import { decodeAudio } from "~/engine/vocals/decode";
import { longestSilenceSeconds } from "./audioAnalysis";
import { chorusLifts } from "./musicMeasures";

export interface SongCheck {
  label: string;
  composition: Composition;
  lufs: number;
  truePeakDb: number;
  longestSilenceSeconds: number;
  lifts: number[];
  aubioBpm: number;
}

/** aubio's tempo estimate (BPM) of a buffer: `aubio tempo` prints the song's median beat period as BPM. */
export function aubioTempo(audio: StereoBuffer): number {
  const dir = mkdtempSync(path.join(tmpdir(), "songloom-aubio-"));
  try {
    const file = path.join(dir, "song.wav");
    writeFileSync(file, encodeWav(audio));
    const out = execFileSync("aubio", ["tempo", "-i", file], { encoding: "utf8" });
    const match = /([\d.]+)\s*bpm/i.exec(out);
    if (!match) throw new Error(`aubio tempo printed no tempo: ${out}`);
    return Number(match[1]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Within 4 % of the declared tempo, its half or its double. */
export function tempoFound(detected: number, declared: number): boolean {
  return [declared, declared / 2, declared * 2].some((tempo) => Math.abs(detected - tempo) <= 0.04 * tempo);
}

export async function checkSong(style: string, filter: string, seed: number): Promise<SongCheck> {
  const song = await renderSong(defaultSongParams(style, seed, filter));
  const decoded = await decodeAudio(song.mp3!, "song.mp3");
  const audio: StereoBuffer = { sampleRate: decoded.sampleRate, left: decoded.channels[0], right: decoded.channels[1] ?? decoded.channels[0] };
  return {
    label: `${filter} seed ${seed}`,
    composition: song.composition,
    lufs: integratedLoudness(audio),
    truePeakDb: truePeakDb(audio),
    // The MP3's encoder delay and the song's own fade-out end are not silences the form asks for.
    longestSilenceSeconds: longestSilenceSeconds(audio, -50, 0.1, song.description.durationSeconds),
    lifts: chorusLifts(song.composition, audio).map((entry) => entry.lift),
    aubioBpm: aubioTempo(audio),
  };
}
