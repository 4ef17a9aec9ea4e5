// The K-weighting pre-filter of ITU-R BS.1770-4: a high shelf (+4 dB above ~1.7 kHz, the head's acoustic
// effect) followed by the "RLB" high-pass (~38 Hz). The standard gives coefficients for 48 kHz only; these
// are derived from the same analogue prototypes for any sample rate, which reproduces the 48 kHz table.
// The meter only needs the filtered signal's energy, so both stages and the squaring run in one loop.

const SHELF_HZ = 1681.974450955533;
const SHELF_GAIN_DB = 3.999843853973347;
const SHELF_Q = 0.7071752369554196;
const HIGHPASS_HZ = 38.13547087602444;
const HIGHPASS_Q = 0.5003270373238773;

const flush = (state: number) => (state < 1e-30 && state > -1e-30 ? 0 : state);

export class KWeighting {
  private readonly b: Float64Array;
  private readonly a: Float64Array;
  // Transposed direct form II state of each stage.
  private s1 = 0;
  private s2 = 0;
  private h1 = 0;
  private h2 = 0;

  constructor(sampleRate: number) {
    const ks = Math.tan((Math.PI * SHELF_HZ) / sampleRate);
    const vh = Math.pow(10, SHELF_GAIN_DB / 20);
    const vb = Math.pow(vh, 0.4996667741545416);
    const a0s = 1 + ks / SHELF_Q + ks * ks;
    const kh = Math.tan((Math.PI * HIGHPASS_HZ) / sampleRate);
    const a0h = 1 + kh / HIGHPASS_Q + kh * kh;
    // [shelf b0, b1, b2, highpass b0, b1, b2] and [shelf a1, a2, highpass a1, a2], normalised by a0.
    this.b = Float64Array.of(
      (vh + (vb * ks) / SHELF_Q + ks * ks) / a0s,
      (2 * (ks * ks - vh)) / a0s,
      (vh - (vb * ks) / SHELF_Q + ks * ks) / a0s,
      1,
      -2,
      1,
    );
    this.a = Float64Array.of(
      (2 * (ks * ks - 1)) / a0s,
      (1 - ks / SHELF_Q + ks * ks) / a0s,
      (2 * (kh * kh - 1)) / a0h,
      (1 - kh / HIGHPASS_Q + kh * kh) / a0h,
    );
  }

  /** Sum of squares of the K-weighted signal x[start, start+count). */
  energy(x: Float32Array, start: number, count: number): number {
    const [sb0, sb1, sb2, hb0, hb1, hb2] = this.b;
    const [sa1, sa2, ha1, ha2] = this.a;
    let { s1, s2, h1, h2 } = this;
    let energy = 0;
    for (let i = start, end = start + count; i < end; i++) {
      const v = x[i];
      const u = sb0 * v + s1;
      s1 = sb1 * v - sa1 * u + s2;
      s2 = sb2 * v - sa2 * u;
      const y = hb0 * u + h1;
      h1 = hb1 * u - ha1 * y + h2;
      h2 = hb2 * u - ha2 * y;
      energy += y * y;
    }
    // Over silence the states decay towards zero and, seconds later, into subnormal doubles, which are
    // ~10× slower on x86. Flushing them between calls keeps them normal (a call spans at most 100 ms).
    this.s1 = flush(s1); this.s2 = flush(s2); this.h1 = flush(h1); this.h2 = flush(h2);
    return energy;
  }
  /**
   * energy(left) + energy(right), with `this` filtering the left channel and `other` the right: the
   * same arithmetic (so the same result, to the bit) with the two channels' recursions interleaved in
   * one loop, which keeps the CPU busy while each waits on its own multiply-adds.
   */
  stereoEnergy(other: KWeighting, left: Float32Array, right: Float32Array, start: number, count: number): number {
    const [sb0, sb1, sb2, hb0, hb1, hb2] = this.b;
    const [sa1, sa2, ha1, ha2] = this.a;
    let { s1, s2, h1, h2 } = this;
    let r1 = other.s1, r2 = other.s2, g1 = other.h1, g2 = other.h2;
    let energyLeft = 0, energyRight = 0;
    for (let i = start, end = start + count; i < end; i++) {
      const v = left[i];
      const w = right[i];
      const u = sb0 * v + s1;
      const q = sb0 * w + r1;
      s1 = sb1 * v - sa1 * u + s2;
      r1 = sb1 * w - sa1 * q + r2;
      s2 = sb2 * v - sa2 * u;
      r2 = sb2 * w - sa2 * q;
      const y = hb0 * u + h1;
      const z = hb0 * q + g1;
      h1 = hb1 * u - ha1 * y + h2;
      g1 = hb1 * q - ha1 * z + g2;
      h2 = hb2 * u - ha2 * y;
      g2 = hb2 * q - ha2 * z;
      energyLeft += y * y;
      energyRight += z * z;
    }
    this.s1 = flush(s1); this.s2 = flush(s2); this.h1 = flush(h1); this.h2 = flush(h2);
    other.s1 = flush(r1); other.s2 = flush(r2); other.h1 = flush(g1); other.h2 = flush(g2);
    return energyLeft + energyRight;
  }
}
