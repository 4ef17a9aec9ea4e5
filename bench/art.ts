// `npm run bench:art`: generated cover art (a 3000×3000 JPEG from a keyword: design, resvg render, JPEG
// encode) and the upload check of a large cover (sharp header check, then the 300/1400 px sizes and, for
// CMYK, the conversion; no database or storage), with the process's peak memory. Printed, never asserted; 12 images and 2 uploads, then it stops.
import { mkdtempSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import sharp from "sharp";
import { designCoverArt, type ArtMood } from "~/engine/art";
import { coverSizes, inspectCoverFile } from "~/services/releases/cover-art-upload";
import { renderCoverJpeg } from "~/services/releases/render-cover";

const ms = (value: number) => `${value.toFixed(0)} ms`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const cpu = () => process.cpuUsage();
const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

const words = ["ocean", "ember", "velvet", "thunder", "garden", "neon", "harbor", "quiet", "river", "glass", "forest", "silver"];
const moods: ArtMood[] = ["calm", "bright", "dark", "warm", "electric"];
const times: number[] = [];
const cpus: number[] = [];
for (const [index, keyword] of words.entries()) {
  const started = performance.now();
  const startedCpu = cpu();
  const design = designCoverArt({ keyword, prompt: "", title: "Night Drive", artistName: "The Loomers", mood: moods[index % moods.length] });
  await renderCoverJpeg(design.svg);
  times.push(performance.now() - started);
  cpus.push(cpuMs(startedCpu));
}
console.log(`Generated art, 3000×3000 JPEG (${words.length} images): median ${ms(median(times))}, max ${ms(Math.max(...times))}, median CPU ${ms(median(cpus))}`);

// A noisy 3000×3000 image compresses badly, so a high-quality JPEG of it weighs tens of MB, like a real 40 MB cover.
const folder = mkdtempSync(path.join(os.tmpdir(), "songloom-bench-art-"));
const side = 3600;
const noise = Buffer.alloc(side * side * 3);
for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
for (const cmyk of [false, true]) {
  const file = path.join(folder, `cover-${cmyk ? "cmyk" : "rgb"}.jpg`);
  let image = sharp(noise, { raw: { width: side, height: side, channels: 3 } });
  if (cmyk) image = image.toColourspace("cmyk");
  await image.jpeg({ quality: cmyk ? 92 : 100, chromaSubsampling: "4:4:4" }).toFile(file);
  const size = statSync(file).size;
  const started = performance.now();
  const inspection = await inspectCoverFile(file);
  const checked = performance.now() - started;
  const startedCpu = cpu();
  const { converted } = await coverSizes(file, inspection);
  if (converted) rmSync(converted, { force: true });
  const sized = performance.now() - started - checked;
  console.log(`${cmyk ? "CMYK" : "RGB"} ${side}×${side} JPEG of ${(size / 1e6).toFixed(1)} MB: check ${ms(checked)}, sizes${inspection.compliant ? "" : " and sRGB conversion"} ${ms(sized)} (CPU ${ms(cpuMs(startedCpu))})`);
}
console.log(`Peak resident memory: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
