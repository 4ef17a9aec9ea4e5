// The stems download (docs/edit-flow.md "Files and downloads"): one WAV per part of the song's current
// version, zipped. A stem is the part's dry render (no channel strip, no effects, no master), which is what
// someone mixing the song elsewhere wants, and it is exactly what the stem cache keeps from the render that
// made the version current: so a download normally reads every stem from the cache and renders nothing.
// A stem the cache has lost is rendered again on this thread (deterministic: the same bytes).
//
// The zip is kept in media storage beside the version's other files, so a second download is a file read.
import path from "node:path";
import { Zip, ZipPassThrough } from "fflate";
import type { Song } from "../../../drizzle/schema/songs";
import { encodeWav, renderStem, type Seconds, type StereoBuffer, type Track } from "~/engine";
import { scheduleRender } from "~/engine/pipeline";
import { SAMPLE_RATE } from "~/engine/types";
import { diskStemCache, stemCacheKey, type StemCache } from "~/engine/threads/stemCache";
import { getStorage, songMediaKeys } from "~/server/storage.server";
import { loadComposition, loadProduction } from "./edit.server";
import { songRenderOptions } from "./generate.server";

/** Each stem's peak is brought here: stems are raw material for another mix, as loud as they can be without clipping. */
const STEM_PEAK = 10 ** (-1 / 20);

const ZIP_DATE = new Date(2000, 0, 1);

export function stemsZipKey(song: Pick<Song, "id" | "version">): string {
  return `${path.posix.dirname(songMediaKeys(song.id, song.version).wav)}/stems.zip`;
}

/** The stems zip of the song's current version in storage (made now if it is not there yet); its key. */
export async function ensureStemsZip(song: Song): Promise<string> {
  const key = stemsZipKey(song);
  const storage = getStorage();
  if (await storage.stat(key)) return key;
  if (!song.compositionId || !song.productionId) throw new Error(`Song ${song.id} has no parts to render stems from`);
  const [composition, production] = await Promise.all([loadComposition(song.compositionId), loadProduction(song.productionId)]);
  const options = songRenderOptions();
  const { tracks, lengthSamples } = scheduleRender(composition, production, options.excerpt);
  const cache = options.stemCache ? diskStemCache(options.stemCache.dir, options.stemCache.maxBytes) : null;
  await storage.put(key, await stemsZip(tracks, lengthSamples / SAMPLE_RATE, cache, production.seed));
  return key;
}

/** One levelled 16-bit WAV per track, stored in a zip; stems come from the cache when it has them. */
export async function stemsZip(tracks: Track[], durationSeconds: Seconds, cache: StemCache | null, ditherSeed: number): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else chunks.push(chunk);
  });
  for (const track of tracks) {
    const stem = cache?.get(stemCacheKey(track, durationSeconds))?.stem ?? (await renderStem(track, durationSeconds));
    // WAV is already dense: storing (no deflate) saves seconds of CPU and costs a few percent of size.
    const entry = new ZipPassThrough(`${track.part}.wav`);
    // A fixed date keeps the zip a pure function of the audio.
    entry.mtime = ZIP_DATE;
    zip.add(entry);
    entry.push(encodeWav(levelled(stem), ditherSeed), true);
  }
  zip.end();
  if (failure) throw failure;
  return concat(chunks);
}

/** The stem scaled so its peak sits at STEM_PEAK (a silent stem stays silent). */
function levelled(stem: StereoBuffer): StereoBuffer {
  let peak = 0;
  for (const channel of [stem.left, stem.right]) {
    for (let i = 0; i < channel.length; i++) peak = Math.max(peak, Math.abs(channel[i]));
  }
  if (peak === 0) return stem;
  const gain = STEM_PEAK / peak;
  const scale = (channel: Float32Array) => {
    const out = new Float32Array(channel.length);
    for (let i = 0; i < channel.length; i++) out[i] = channel[i] * gain;
    return out;
  };
  return { sampleRate: stem.sampleRate, left: scale(stem.left), right: scale(stem.right) };
}

function concat(chunks: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((total, chunk) => total + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}
