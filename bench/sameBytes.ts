// `npx tsx bench/sameBytes.ts [engineRoot]`: one line per case with a SHA-256 of the rendered WAV (40-second
// excerpts of six styles and mixes; FULL=1 renders whole songs). Run it before and after an optimisation
// (or against an exported copy of the old engine, e.g. `git archive HEAD app/engine | tar -x -C /tmp/base`
// then `npx tsx bench/sameBytes.ts /tmp/base`) and diff: identical lines mean the change kept every byte.
import { createHash } from "node:crypto";
import path from "node:path";

const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, ".."));
const { defaultSongParams } = await import(path.join(root, "app/engine/catalogue/index.ts"));
const { renderSong } = await import(path.join(root, "app/engine/pipeline.ts"));

const CASES: [style: string, seed: number, mix?: string][] = [
  ["wd_edm", 101],
  ["wd_lofi", 7, "lofi"],
  ["wd_rap", 3, "underwater"],
  ["relaxation", 5, "grand_canyon"],
  ["wd_groove", 9, "vancouver"],
  ["avantNova", 2, "garage"],
];
for (const [style, seed, mix] of CASES) {
  const params = { ...defaultSongParams(style, seed), ...(mix ? { mix } : {}) };
  const song = await renderSong(params, { mp3: false, ...(process.env.FULL ? {} : { excerpt: { startSeconds: 20, seconds: 40 } }) });
  const digest = createHash("sha256").update(song.wav).digest("hex").slice(0, 16);
  console.log(`${style} ${seed} ${mix ?? "-"} ${digest} ${song.stats.lufs.toFixed(3)} LUFS ${song.stats.truePeakDb.toFixed(3)} dBTP`);
}
// The stem worker lives for the process.
process.exit(0);
