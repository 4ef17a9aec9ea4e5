// A waveform as one SVG path, from interleaved min/max peak pairs: drawn on the server for the share page
// and the generated cover, so neither needs JavaScript.

/** The path of mirrored bars, one per pair, in a width x height box centred on its middle line. */
export function waveformPath(peaks: readonly number[], width: number, height: number): string {
  const pairs = Math.floor(peaks.length / 2);
  if (pairs === 0) return "";
  const middle = height / 2;
  const step = width / pairs;
  const barWidth = Math.max(1, step * 0.6);
  const round = (value: number) => Math.round(value * 10) / 10;
  const bars: string[] = [];
  for (let i = 0; i < pairs; i += 1) {
    const top = middle - Math.max(0.02, Math.abs(peaks[2 * i + 1])) * middle;
    const bottom = middle + Math.max(0.02, Math.abs(peaks[2 * i])) * middle;
    bars.push(`M${round(i * step)} ${round(top)}h${round(barWidth)}V${round(bottom)}h${-round(barWidth)}Z`);
  }
  return bars.join("");
}

/** ISO 8601 duration for schema.org, e.g. 183.7 s -> "PT3M4S". */
export function isoDuration(seconds: number): string {
  const total = Math.round(seconds);
  return `PT${Math.floor(total / 60)}M${total % 60}S`;
}
