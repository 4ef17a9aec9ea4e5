import { defaultSongParams, renderSong } from "~/engine";
import { decodeAudio } from "~/engine/vocals/decode";
import { chorusLifts } from "../tests/engine/musicMeasures";
for (const [style, filter, seed] of process.argv.slice(2).map((x) => x.split(":"))) {
  const song = await renderSong(defaultSongParams(style, Number(seed), filter), { mp3: false });
  const d = await decodeAudio(song.wav, "s.wav");
  console.log(filter, seed, chorusLifts(song.composition, { sampleRate: d.sampleRate, left: d.channels[0], right: d.channels[1] }).map((l) => l.lift.toFixed(1)).join(" "));
}
process.exit(0);
