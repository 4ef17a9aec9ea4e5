// A short delay line read at a moving position (linear interpolation), the building block of chorus and
// of tape wow & flutter. One instance per channel.

export class ModulatedDelay {
  private readonly buffer: Float32Array;
  private index = 0;

  constructor(maxDelaySamples: number) {
    this.buffer = new Float32Array(Math.ceil(maxDelaySamples) + 2);
  }

  /** Writes `x` and returns the signal delayed by `delaySamples` (fractional, < max). */
  tick(x: number, delaySamples: number): number {
    const { buffer } = this;
    const size = buffer.length;
    buffer[this.index] = x;
    let position = this.index - delaySamples;
    if (position < 0) position += size;
    const i0 = Math.floor(position);
    const i1 = i0 + 1 === size ? 0 : i0 + 1;
    const fraction = position - i0;
    this.index = this.index + 1 === size ? 0 : this.index + 1;
    return buffer[i0] + (buffer[i1] - buffer[i0]) * fraction;
  }
}
