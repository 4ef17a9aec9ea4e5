// The stems download of a 3-minute song (docs/edit-flow.md "Files and downloads"): the zip of one WAV
// per part, built from the stem cache that the song's render filled (the usual case) and with an empty
// cache (every stem rendered again on this thread). Prints one JSON line; asserts nothing.
//   npx tsx bench/stems-download.ts
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defaultSongParams } from "../app/engine/catalogue";
import { renderSong } from "../app/engine/pipeline";
import { scheduleRender } from "../app/engine/pipeline";
import { SAMPLE_RATE } from "../app/engine/types";
import { diskStemCache } from "../app/engine/threads/stemCache";
import { stemsZip } from "../app/services/songs/stems.server";

const dir = mkdtempSync(path.join(os.tmpdir(), "songloom-bench-stems-"));
try {
  const params = defaultSongParams("wd_edm", 3, "house");
  let t = performance.now();
  const song = await renderSong(params, { mp3: false, stemCache: { dir, maxBytes: 4096 * 1024 * 1024 } });
  const renderMs = performance.now() - t;
  const { tracks, lengthSamples } = scheduleRender(song.composition, song.production);
  const seconds = lengthSamples / SAMPLE_RATE;

  t = performance.now();
  const fromCache = await stemsZip(tracks, seconds, diskStemCache(dir, 4096 * 1024 * 1024), song.production.seed);
  const fromCacheMs = performance.now() - t;
  t = performance.now();
  const rendered = await stemsZip(tracks, seconds, null, song.production.seed);
  const renderedMs = performance.now() - t;

  process.stdout.write(
    `${JSON.stringify({
      songSeconds: Math.round(seconds),
      parts: tracks.length,
      songRenderMs: Math.round(renderMs),
      zipFromCacheMs: Math.round(fromCacheMs),
      zipRenderingStemsMs: Math.round(renderedMs),
      zipMB: Math.round(fromCache.length / 1e5) / 10,
      sameBytes: Buffer.from(fromCache).equals(Buffer.from(rendered)),
    })}\n`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(0);
