// Deterministic noise for DSP: a 32-bit xorshift generator. Audio code must not use Math.random, so the
// same seed always renders the same samples (golden-file tests and cache keys depend on it).

export class Random {
  private state: number;

  constructor(seed: number) {
    // Mix the seed so neighbouring seeds diverge at once; a zero state would lock xorshift at zero.
    let s = (Math.floor(seed) ^ 0x9e3779b9) >>> 0;
    s = Math.imul(s ^ (s >>> 16), 0x85ebca6b) >>> 0;
    s = Math.imul(s ^ (s >>> 13), 0xc2b2ae35) >>> 0;
    this.state = (s ^ (s >>> 16)) >>> 0 || 0x6d2b79f5;
  }

  /** Uniform in [0, 1). */
  next(): number {
    let x = this.state;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.state = x >>> 0;
    return this.state / 4294967296;
  }

  /**
   * Fills `out` with next() - next() for each element (triangular noise, e.g. dither), drawing exactly
   * the values that many next() calls would, with the state kept in a local for the loop.
   */
  fillDifferences(out: Float32Array): void {
    let x = this.state;
    for (let k = 0; k < out.length; k++) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      const a = (x >>> 0) / 4294967296;
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      out[k] = a - (x >>> 0) / 4294967296;
    }
    this.state = x >>> 0;
  }

  /** Uniform in [-1, 1): white noise. */
  bipolar(): number {
    return this.next() * 2 - 1;
  }

  range(low: number, high: number): number {
    return low + (high - low) * this.next();
  }
}
