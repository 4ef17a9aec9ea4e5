import { renderSong, defaultSongParams } from "~/engine";
for (const [st, f] of [["wd_rap","songloom_trap"],["wd_edm","house"],["wd_lofi","morning_sun"]]) {
  const t = performance.now();
  const s = await renderSong({ ...defaultSongParams(st, 5, f) }, { excerpt: { startSeconds: 30, seconds: 16 }, mp3: false });
  console.log(f, (performance.now() - t).toFixed(0), JSON.stringify(s.stats.timings), s.wav.length, s.composition.sections.map(x=>x.kind+x.segmentCount).join(","), s.composition.tempo);
}
process.exit(0);
