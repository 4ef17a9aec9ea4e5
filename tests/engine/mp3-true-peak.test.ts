// True peak where users hear it (issue 23 item 6): the MP3 is decoded (mpg123, WebAssembly) and metered.
// MP3 encoding adds inter-sample overshoot over the PCM it was given, so the master leaves
// `codecHeadroomDb` under the ceiling; the decoded MP3 must then stay ≤ −1.0 dBTP, at −14 LUFS.
import { defaultSongParams } from "~/engine/catalogue";
import { integratedLoudness, STANDARD_MASTER, truePeakDb } from "~/engine/master";
import { renderFromParts, renderSong } from "~/engine/pipeline";
import type { StereoBuffer } from "~/engine/types";
import { decodeAudio } from "~/engine/vocals/decode";

/** Loud, bright and bass-heavy songs: the ones whose MP3 overshoots most. */
const SONGS = [
  ["wd_edm", "house", 21],
  ["wd_rap", "songloom_trap", 106],
  ["beat", "hard_trap", 5],
  ["advanced", "custom_rock", 3],
] as const;
const EXCERPT_SECONDS = 40;

async function decodedMp3(style: string, filter: string, seed: number) {
  const probe = await renderSong(defaultSongParams(style, seed, filter), { excerpt: { startSeconds: 0, seconds: 0.1 }, mp3: false });
  // The loudest part of a song is its chorus or drop, in its second half.
  const startSeconds = probe.description.durationSeconds * 0.5;
  const song = await renderFromParts(probe.composition, probe.production, { excerpt: { startSeconds, seconds: EXCERPT_SECONDS } });
  const decoded = await decodeAudio(song.mp3!, "song.mp3");
  const buffer: StereoBuffer = { sampleRate: decoded.sampleRate, left: decoded.channels[0], right: decoded.channels[1] ?? decoded.channels[0] };
  const wav = await decodeAudio(song.wav, "song.wav");
  return { mp3: buffer, wav: { sampleRate: wav.sampleRate, left: wav.channels[0], right: wav.channels[1] } as StereoBuffer };
}

describe("the MP3 users get", () => {
  it.each(SONGS)("%s / %s seed %i: decoded MP3 true peak ≤ −1.0 dBTP and loudness −14 ± 1 LUFS", async (style, filter, seed) => {
    const { mp3, wav } = await decodedMp3(style, filter, seed);
    const mp3Peak = truePeakDb(mp3);
    const wavPeak = truePeakDb(wav);
    // The overshoot the headroom is for: printed so that a change in the encoder shows up in the log.
    console.log(`${style}/${filter} seed ${seed}: WAV ${wavPeak.toFixed(2)} dBTP, MP3 ${mp3Peak.toFixed(2)} dBTP (+${(mp3Peak - wavPeak).toFixed(2)} dB)`);
    expect(wavPeak).toBeLessThanOrEqual(STANDARD_MASTER.ceilingDbtp - STANDARD_MASTER.codecHeadroomDb + 0.05);
    expect(mp3Peak).toBeLessThanOrEqual(STANDARD_MASTER.ceilingDbtp);
    expect(Math.abs(integratedLoudness(mp3) - STANDARD_MASTER.targetLufs)).toBeLessThanOrEqual(1);
  });
});
