// `npx tsx bench/soundSpectra.ts`: draws docs/sound-spectra.png, the before/after spectra of docs/engine.md
// "What changed in the sound (Music v3)": one piano note (middle C) at velocity 40 and 110 as the General MIDI
// preset played it before (MuseScore General Lite, rendered straight from the SoundFont) and as the engine
// plays it now (the Salamander layers), and a snare on the Standard kit at 40 and 110 before (the recording
// as it is) and now (velocity timbre). Spectra are 1/6-octave bands of the note's first 0.37 s, in dB
// relative to the loudest band of the loud note.
//
// `npx tsx bench/soundSpectra.ts --songs before/summary.json after/summary.json` also draws
// docs/sound-songs.png: the long-term average spectra of bench/listen.ts's six songs on two engines.
import { Resvg } from "@resvg/resvg-js";
import { readFileSync, writeFileSync } from "node:fs";
import { renderStem } from "~/engine/render";
import { SoundFontNoteRenderer } from "~/engine/render/soundfontRenderer";
import { fft } from "~/engine/vocals/fft";
import { SAMPLE_RATE, type StereoBuffer } from "~/engine/types";

const N = 16384;
const BANDS = 60; // 20 Hz .. 20 kHz in 1/6 octaves
function bands(stem: StereoBuffer): number[] {
  const re = new Float64Array(N), im = new Float64Array(N);
  for (let i = 0; i < N && i < stem.left.length; i++) re[i] = ((stem.left[i] + stem.right[i]) / 2) * (0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (N - 1)));
  fft(re, im);
  const out = new Array<number>(BANDS).fill(1e-20);
  for (let b = 1; b < N / 2; b++) {
    const band = Math.floor(6 * Math.log2(((b * SAMPLE_RATE) / N) / 20));
    if (band >= 0 && band < BANDS) out[band] += re[b] ** 2 + im[b] ** 2;
  }
  return out;
}
const gmPiano = await SoundFontNoteRenderer.create({ bank: 0, program: 0, drums: false });
const gmKit = await SoundFontNoteRenderer.create({ bank: 128, program: 0, drums: true });
const gate = Math.round(0.6 * SAMPLE_RATE);
const pianoNow = (velocity: number) => renderStem({ part: "chords", source: { kind: "soundfont", bank: 0, program: 0 }, notes: [{ time: 0, duration: 0.6, pitch: 60, velocity }] }, 2);
const snareNow = (velocity: number) => renderStem({ part: "drums", source: null, notes: [{ time: 0, duration: 0.1, pitch: 38, velocity }], drumSounds: [{ kind: "soundfont", bank: 128, program: 0, note: 38 }] }, 2);
const panels = [
  { title: "Piano, middle C — before (GM Lite preset)", soft: bands(gmPiano.renderNote(60, 40, gate)), hard: bands(gmPiano.renderNote(60, 110, gate)) },
  { title: "Piano, middle C — after (Salamander layers)", soft: bands(await pianoNow(40)), hard: bands(await pianoNow(110)) },
  { title: "Snare (Standard kit) — before", soft: bands(gmKit.renderNote(38, 40, Math.round(0.1 * SAMPLE_RATE))), hard: bands(gmKit.renderNote(38, 110, Math.round(0.1 * SAMPLE_RATE))) },
  { title: "Snare (Standard kit) — after (velocity timbre)", soft: bands(await snareNow(40)), hard: bands(await snareNow(110)) },
];
const W = 460, H = 260, M = { left: 46, right: 12, top: 30, bottom: 34 };
const x = (band: number) => M.left + (band / (BANDS - 1)) * (W - M.left - M.right);
const y = (db: number) => M.top + (Math.min(0, Math.max(-70, db)) / -70) * (H - M.top - M.bottom);
const svgPanel = (panel: (typeof panels)[number], ox: number, oy: number) => {
  const ref = Math.max(...panel.hard);
  const line = (values: number[], colour: string) => `<polyline fill="none" stroke="${colour}" stroke-width="2" points="${values.map((v, i) => `${x(i).toFixed(1)},${y(10 * Math.log10(v / ref)).toFixed(1)}`).join(" ")}"/>`;
  const ticks = [100, 1000, 10000].map((hz) => { const b = 6 * Math.log2(hz / 20); return `<line x1="${x(b)}" x2="${x(b)}" y1="${M.top}" y2="${H - M.bottom}" stroke="#ddd"/><text x="${x(b)}" y="${H - M.bottom + 14}" font-size="11" text-anchor="middle">${hz >= 1000 ? `${hz / 1000} kHz` : `${hz} Hz`}</text>`; }).join("");
  const dbTicks = [0, -20, -40, -60].map((db) => `<line x1="${M.left}" x2="${W - M.right}" y1="${y(db)}" y2="${y(db)}" stroke="#eee"/><text x="${M.left - 4}" y="${y(db) + 4}" font-size="11" text-anchor="end">${db}</text>`).join("");
  return `<g transform="translate(${ox},${oy})"><rect width="${W}" height="${H}" fill="#fff" stroke="#ccc"/><text x="${M.left}" y="18" font-size="13" font-weight="bold">${panel.title}</text>${dbTicks}${ticks}${line(panel.soft, "#2b6cb0")}${line(panel.hard, "#c53030")}<text x="${W - M.right - 150}" y="${M.top + 14}" font-size="11" fill="#2b6cb0">velocity 40</text><text x="${W - M.right - 70}" y="${M.top + 14}" font-size="11" fill="#c53030">velocity 110</text></g>`;
};
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${2 * W + 10}" height="${2 * H + 10}" font-family="DejaVu Sans, sans-serif"><rect width="100%" height="100%" fill="#fff"/>${panels.map((panel, i) => svgPanel(panel, (i % 2) * (W + 10), Math.floor(i / 2) * (H + 10))).join("")}</svg>`;
writeFileSync("docs/sound-spectra.png", new Resvg(svg, { font: { loadSystemFonts: true } }).render().asPng());
console.log("docs/sound-spectra.png written");

const songsAt = process.argv.indexOf("--songs");
if (songsAt > 0) {
  interface Song { filter: string; seed: number; lufs: number; truePeakDb: number; bandsDb: number[] }
  const [before, after] = [process.argv[songsAt + 1], process.argv[songsAt + 2]].map((file) => JSON.parse(readFileSync(file, "utf8")) as Song[]);
  const SW = 300, SH = 190, SM = { left: 36, right: 8, top: 28, bottom: 28 };
  const sx = (band: number) => SM.left + (band / 30) * (SW - SM.left - SM.right);
  const sy = (db: number) => SM.top + (Math.min(0, Math.max(-50, db)) / -50) * (SH - SM.top - SM.bottom);
  const songPanel = (a: Song, b: Song, ox: number, oy: number) => {
    const line = (values: number[], colour: string, dash = "") => `<polyline fill="none" stroke="${colour}" stroke-width="2" ${dash ? `stroke-dasharray="${dash}"` : ""} points="${values.map((v, i) => `${sx(i).toFixed(1)},${sy(v).toFixed(1)}`).join(" ")}"/>`;
    const ticks = [100, 1000, 10000].map((hz) => { const band = 3 * Math.log2(hz / 20); return `<line x1="${sx(band)}" x2="${sx(band)}" y1="${SM.top}" y2="${SH - SM.bottom}" stroke="#ddd"/><text x="${sx(band)}" y="${SH - SM.bottom + 13}" font-size="10" text-anchor="middle">${hz >= 1000 ? `${hz / 1000}k` : hz}</text>`; }).join("");
    const dbTicks = [0, -20, -40].map((db) => `<text x="${SM.left - 3}" y="${sy(db) + 4}" font-size="10" text-anchor="end">${db}</text>`).join("");
    return `<g transform="translate(${ox},${oy})"><rect width="${SW}" height="${SH}" fill="#fff" stroke="#ccc"/><text x="${SM.left}" y="17" font-size="12" font-weight="bold">${b.filter} seed ${b.seed}</text>${dbTicks}${ticks}${line(a.bandsDb, "#999", "4 3")}${line(b.bandsDb, "#c53030")}<text x="${SW - 8}" y="${SM.top + 12}" font-size="10" text-anchor="end">${a.lufs.toFixed(1)} → ${b.lufs.toFixed(1)} LUFS</text></g>`;
  };
  const legend = `<text x="10" y="${2 * (SH + 10) + 16}" font-size="12"><tspan fill="#999">dashed: before</tspan>  <tspan fill="#c53030">solid: after</tspan>  (1/3-octave long-term average spectrum, dB under the loudest band)</text>`;
  const songsSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="${3 * SW + 20}" height="${2 * SH + 34}" font-family="DejaVu Sans, sans-serif"><rect width="100%" height="100%" fill="#fff"/>${after.map((song, i) => songPanel(before.find((s) => s.filter === song.filter && s.seed === song.seed)!, song, (i % 3) * (SW + 10), Math.floor(i / 3) * (SH + 10))).join("")}${legend}</svg>`;
  writeFileSync("docs/sound-songs.png", new Resvg(songsSvg, { font: { loadSystemFonts: true } }).render().asPng());
  console.log("docs/sound-songs.png written");
}
process.exit(0);
