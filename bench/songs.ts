// Child process for the bench: renders `count` 3-minute songs to MP3 in one process and prints one JSON
// line per song (wall time, stage timings, peak RSS so far). The first song pays the cold start
// (module loading, SoundFont parsing, worker start-up); later ones show the warm, long-running case.

import { defaultSongParams } from "../app/engine/catalogue";
import { renderSong } from "../app/engine/pipeline";

const [style = "wd_edm", filter = "house", countText = "6"] = process.argv.slice(2);
for (let i = 0; i < Number(countText); i++) {
  const started = performance.now();
  const song = await renderSong(defaultSongParams(style, 100 + i, filter));
  const wallMs = performance.now() - started;
  const line = {
    wallMs,
    durationSeconds: song.stats.durationSeconds,
    mp3Bytes: song.mp3?.length ?? 0,
    timings: song.stats.timings,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
  };
  process.stdout.write(`${JSON.stringify(line)}\n`);
}
process.exit(0);
