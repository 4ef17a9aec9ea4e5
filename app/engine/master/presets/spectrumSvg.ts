// The spectrum picture of a preview: its octave-band curve over the unmastered sample's, as a small SVG
// the page inlines (works without JavaScript, scales with the page).

import { SPECTRUM_CENTRES_HZ } from "./analysis";

const WIDTH = 240;
const HEIGHT = 80;
const FLOOR_DB = -48;

function path(levels: readonly number[]): string {
  const step = WIDTH / (levels.length - 1);
  return levels
    .map((level, i) => {
      const y = (Math.min(0, Math.max(FLOOR_DB, level)) / FLOOR_DB) * (HEIGHT - 4) + 2;
      return `${i === 0 ? "M" : "L"}${(i * step).toFixed(1)} ${y.toFixed(1)}`;
    })
    .join(" ");
}

/** `levels` and `reference` are octave-band dB (0 = loudest band), at SPECTRUM_CENTRES_HZ. */
export function spectrumSvg(levels: readonly number[], reference: readonly number[] | null, title: string): string {
  const escaped = title.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
  const labels = [0, 3, 5, 7, 9]
    .map((i) => {
      const hz = SPECTRUM_CENTRES_HZ[i];
      const x = (i * WIDTH) / (SPECTRUM_CENTRES_HZ.length - 1);
      return `<text x="${Math.min(WIDTH - 14, Math.max(0, x - 8)).toFixed(0)}" y="${HEIGHT + 12}" font-size="9" fill="currentColor">${hz >= 1000 ? `${hz / 1000}k` : hz}</text>`;
    })
    .join("");
  const referencePath = reference ? `<path d="${path(reference)}" fill="none" stroke="currentColor" stroke-opacity="0.35" stroke-dasharray="3 3"/>` : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT + 14}" role="img" aria-label="${escaped}"><title>${escaped}</title>${referencePath}<path d="${path(levels)}" fill="none" stroke="currentColor" stroke-width="2"/>${labels}</svg>`;
}
