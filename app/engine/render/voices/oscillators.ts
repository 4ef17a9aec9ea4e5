// Band-limited oscillator helpers (PolyBLEP) shared by the subtractive voices. Naive saws alias badly at
// lead and pad pitches; the PolyBLEP correction removes most of it for a couple of multiplies per sample.

/** PolyBLEP residual for phase `t` in [0,1) and phase increment `dt`. */
export function polyBlep(t: number, dt: number): number {
  if (t < dt) {
    const x = t / dt;
    return x + x - x * x - 1;
  }
  if (t > 1 - dt) {
    const x = (t - 1) / dt;
    return x * x + x + x + 1;
  }
  return 0;
}

/** Band-limited saw in [-1,1] at phase t. */
export const sawAt = (t: number, dt: number): number => 2 * t - 1 - polyBlep(t, dt);

/** Band-limited pulse with duty `width` at phase t. */
export function pulseAt(t: number, dt: number, width: number): number {
  let v = t < width ? 1 : -1;
  v += polyBlep(t, dt);
  let t2 = t + 1 - width;
  if (t2 >= 1) t2 -= 1;
  v -= polyBlep(t2, dt);
  return v;
}

/** Exponential glide of frequency from `fromHz` to `toHz`, ~95 % done after `glideSamples`. */
export function glideHz(fromHz: number, toHz: number, n: number, glideSamples: number): number {
  if (glideSamples <= 0 || fromHz === toHz) return toHz;
  const k = Math.exp((-3 * n) / glideSamples);
  return toHz * Math.pow(fromHz / toHz, k);
}
