// Prints docs/mastering.md's table of measured curves: each preset on the engine tests' synthetic mix
// (12 s, intensity 70, −14 LUFS): band balance, crest factor, width, and the octave spectrum's change
// against the unmastered sample at the same loudness. `npx tsx bench/mastering-curves.ts`
import { measureCharacter, renderPreviews, SPECTRUM_CENTRES_HZ } from "../app/engine/master/presets";
import { masteringMaterial } from "../tests/engine/masteringMaterial";

const material = masteringMaterial(12);
const set = renderPreviews(material, { intensity: 70, targetLufs: -14 });
const input = measureCharacter(material);
const f = (value: number) => (value >= 0 ? "+" : "−") + Math.abs(value).toFixed(1);
const row = (name: string, c: ReturnType<typeof measureCharacter>, lufs: number, peak: number, curve: string) =>
  `| ${name} | ${f(c.lowDb - c.midDb)} | ${f(c.highDb - c.midDb)} | ${c.crestDb.toFixed(1)} | ${f(c.widthDb)} | ${lufs.toFixed(2)} | ${peak.toFixed(2)} | ${curve} |`;
console.log(`| Preset | Low − mid (dB) | High − mid (dB) | Crest (dB) | Width (dB) | LUFS | dBTP | Spectrum change, ${SPECTRUM_CENTRES_HZ.map((hz) => (hz >= 1000 ? `${hz / 1000}k` : hz)).join(" / ")} Hz (dB) |`);
console.log("| --- | --- | --- | --- | --- | --- | --- | --- |");
console.log(row("input (at −14 LUFS)", input, set.original.after.lufs, set.original.after.truePeakDb, "0 everywhere"));
for (const preview of set.previews) {
  const curve = preview.spectrum.map((level, i) => f(level - set.original.spectrum[i])).join(" / ");
  console.log(row(`${preview.preset.letter} ${preview.preset.name}`, measureCharacter(preview.audio), preview.after.lufs, preview.after.truePeakDb, curve));
}
