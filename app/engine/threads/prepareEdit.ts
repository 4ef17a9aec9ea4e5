// Getting a song ready for its first edit. An edit reads each unchanged part's strip front from the stem
// cache (editMix.ts), but a song's first render keeps only its dry stems (writing every front too would
// double what every created song writes, most of them never edited). So the first edit of a song would
// run every part's strip instead: about two seconds more. When its owner opens the song's edit pages,
// this makes the fronts (and, where the cache lost them, the dry stems) in the background, so the first
// edit is as quick as the next. Cached fronts are not made again.

import { integratedLoudness } from "../master/loudness";
import { stripFront } from "../mix/channelStrip";
import { stripFrontFor, type MixOptions } from "../mix/mixer";
import { recycleStem, drainStemPool } from "../render";
import type { StereoBuffer, Track } from "../types";
import { SAMPLE_RATE } from "../types";
import { prewarmRenderWorker } from "./renderMix";
import { stemCacheKey, stripFrontCacheKey, type DiskStemCache } from "./stemCache";

/**
 * Makes sure the cache holds the strip front of every part of `tracks` that sounds. Dry stems missing from
 * the cache are rendered on the stem worker. Awaits `pauseWhile` before each part. Returns how many fronts
 * it made.
 */
export async function prepareStripFronts(
  tracks: Track[],
  lengthSamples: number,
  levels: MixOptions["levels"],
  cache: DiskStemCache,
  pauseWhile?: () => Promise<void>,
): Promise<number> {
  const durationSeconds = lengthSamples / SAMPLE_RATE;
  let made = 0;
  try {
    for (const track of tracks) {
      const stemKey = stemCacheKey(track, durationSeconds);
      const frontKeyFor = (lufs: number) => {
        const front = stripFrontFor(track.part, lufs, levels);
        return front ? { ...front, key: stripFrontCacheKey(stemKey, front.part, front.gain, lengthSamples) } : null;
      };
      const knownLufs = cache.lufs(stemKey);
      if (knownLufs !== undefined) {
        const front = frontKeyFor(knownLufs);
        // A silent part has no front; a kept one is not made again.
        if (!front || cache.has(front.key)) continue;
      }
      await pauseWhile?.();
      let stem: StereoBuffer, lufs: number;
      const dry = cache.get(stemKey);
      if (dry) {
        stem = dry.stem;
        lufs = dry.lufs ?? integratedLoudness(stem);
      } else {
        const rendered = await prewarmRenderWorker().request<{ stem: StereoBuffer; lufs: number }>({ track, durationSeconds });
        stem = rendered.stem;
        lufs = rendered.lufs;
        cache.put(stemKey, { stem, lufs });
      }
      const front = frontKeyFor(lufs);
      if (front) {
        const skipped = stripFront(stem, front.part, front.gain, Math.min(stem.left.length, lengthSamples));
        cache.put(front.key, { stem, lufs, skipped });
        made++;
      }
      recycleStem(stem);
    }
  } finally {
    drainStemPool();
  }
  return made;
}
